import { NavLink } from 'react-router';
import { hasRole, type AdminRole } from '../../shared/admins/schema.ts';
import { useUser } from '../session/SessionProvider.tsx';

/**
 * Spec §2: the side menu (256 px) with Administradores, Documentos, Educación and Pagos Webpay;
 * the routes also hold Comunicados, Cuentas (the billing export, beside the payments it feeds),
 * Atención ciudadana (the citizens' complaints, messages and applications), Cortes (the water
 * outages staff publish on /cortes), Avisos (the health and service notices of /avisos), Correo
 * saliente (the mail not sent yet) and the audit log, Registro de actividad. Denuncias, the
 * compliance desk, only for the `cumplimiento` role (no administrator reads denuncias); an account
 * with only that role sees only it.
 */
const items: { to: string; label: string; role: AdminRole }[] = [
  { to: '/admin/administradores', label: 'Administradores', role: 'administrador' },
  { to: '/admin/documentos', label: 'Documentos', role: 'administrador' },
  { to: '/admin/comunicados', label: 'Comunicados', role: 'administrador' },
  { to: '/admin/educacion', label: 'Educación', role: 'administrador' },
  { to: '/admin/pagos', label: 'Pagos Webpay', role: 'administrador' },
  { to: '/admin/cuentas', label: 'Cuentas', role: 'administrador' },
  { to: '/admin/atencion', label: 'Atención ciudadana', role: 'administrador' },
  { to: '/admin/cortes', label: 'Cortes', role: 'administrador' },
  { to: '/admin/avisos', label: 'Avisos', role: 'administrador' },
  { to: '/admin/denuncias', label: 'Denuncias', role: 'cumplimiento' },
  { to: '/admin/correo', label: 'Correo saliente', role: 'administrador' },
  { to: '/admin/registro', label: 'Registro de actividad', role: 'administrador' },
];

export function SideMenu({ id, open }: { id: string; open: boolean }) {
  const user = useUser();
  return (
    <nav id={id} className="side-menu" data-open={open} aria-label="Menú de administración">
      <ul>
        {items
          .filter((item) => hasRole(user, item.role))
          .map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}
