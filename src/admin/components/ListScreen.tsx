import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../layout/PageTitle.tsx';

/** The top of a list screen: its title and the Nuevo button. */
export function ListScreen({ title, newLabel, children }: { title: string; newLabel: string; children: ReactNode }) {
  return (
    <>
      <div className="screen-heading">
        <PageTitle>{title}</PageTitle>
        <Link to="nuevo" className="button">
          {newLabel}
        </Link>
      </div>
      {children}
    </>
  );
}

/** The Editar link of a row, named after the row for screen readers. */
export function EditLink({ id, name }: { id: string | number; name: string }) {
  return (
    <Link to={`${id}/editar`}>
      Editar<span className="visually-hidden"> {name}</span>
    </Link>
  );
}
