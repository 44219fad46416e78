import { NavLink } from 'react-router';

/** The desk's three screens: the denuncias, who is in the team, and the trail of what they did. */
export function DeskNav() {
  return (
    <nav className="view-switch" aria-label="Escritorio de cumplimiento">
      <NavLink to="/admin/denuncias" end>
        Denuncias
      </NavLink>
      <NavLink to="/admin/denuncias/equipo">Equipo</NavLink>
      <NavLink to="/admin/denuncias/registro">Registro</NavLink>
    </nav>
  );
}
