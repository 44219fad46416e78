import { NavLink } from 'react-router';

/** Cuentas' two imports of the billing system: the accounts (the debt) and the readings (Mi consumo). */
export function ImportsNav() {
  return (
    <nav className="view-switch" aria-label="Archivos del sistema de facturación">
      <NavLink to="/admin/cuentas/importar">Cuentas</NavLink>
      <NavLink to="/admin/cuentas/lecturas">Lecturas</NavLink>
    </nav>
  );
}
