import { NavLink } from 'react-router';

/** Cuentas' screens: the billing system's import, and the warnings of high consumption it led to. */
export function AccountsNav() {
  return (
    <nav className="view-switch" aria-label="Cuentas">
      <NavLink to="/admin/cuentas/importar">Importar</NavLink>
      <NavLink to="/admin/cuentas/avisos">Avisos de consumo alto</NavLink>
    </nav>
  );
}
