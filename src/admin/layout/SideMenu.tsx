import { NavLink } from 'react-router';

/**
 * Spec §2: the side menu (256 px) with Administradores, Documentos, Educación and Pagos Webpay;
 * the routes also hold Comunicados, Cuentas (the billing export, beside the payments it feeds),
 * Atención ciudadana (the citizens' complaints, messages and applications, issue 15), Correo
 * saliente (the mail not sent yet) and the audit log, Registro de actividad.
 */
const items = [
  { to: '/admin/administradores', label: 'Administradores' },
  { to: '/admin/documentos', label: 'Documentos' },
  { to: '/admin/comunicados', label: 'Comunicados' },
  { to: '/admin/educacion', label: 'Educación' },
  { to: '/admin/pagos', label: 'Pagos Webpay' },
  { to: '/admin/cuentas', label: 'Cuentas' },
  { to: '/admin/atencion', label: 'Atención ciudadana' },
  { to: '/admin/correo', label: 'Correo saliente' },
  { to: '/admin/registro', label: 'Registro de actividad' },
] as const;

export function SideMenu({ id, open }: { id: string; open: boolean }) {
  return (
    <nav id={id} className="side-menu" data-open={open} aria-label="Menú de administración">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to}>{item.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
