import { NavLink } from 'react-router';

/**
 * Cuentas' screens: the billing system's two imports (the debt, the readings of Mi consumo), a
 * service's consumption, and the warnings of high consumption the readings led to.
 */
export function AccountsNav() {
  return (
    <nav className="view-switch" aria-label="Cuentas">
      <NavLink to="/admin/cuentas/importar">Cuentas</NavLink>
      <NavLink to="/admin/cuentas/lecturas">Lecturas</NavLink>
      <NavLink to="/admin/cuentas/consumo">Consumo de un servicio</NavLink>
      <NavLink to="/admin/cuentas/avisos">Avisos de consumo alto</NavLink>
    </nav>
  );
}
