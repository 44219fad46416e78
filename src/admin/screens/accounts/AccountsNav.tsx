import { NavLink } from 'react-router';

/** Cuentas' screens: the billing system's exports and a service's consumption. */
export function AccountsNav() {
  return (
    <nav className="view-switch" aria-label="Cuentas">
      <NavLink to="/admin/cuentas/importar">Importar cuentas</NavLink>
      <NavLink to="/admin/cuentas/consumo">Consumo de un servicio</NavLink>
    </nav>
  );
}
