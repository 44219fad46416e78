import { NavLink } from 'react-router';

/** Cuentas' screens: the billing system's import, a service's consumption, and the warnings of high consumption. */
export function AccountsNav() {
  return (
    <nav className="view-switch" aria-label="Cuentas">
      <NavLink to="/admin/cuentas/importar">Importar</NavLink>
      <NavLink to="/admin/cuentas/consumo">Consumo de un servicio</NavLink>
      <NavLink to="/admin/cuentas/avisos">Avisos de consumo alto</NavLink>
    </nav>
  );
}
