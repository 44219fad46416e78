import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminForm, type AdminFormShell } from './AdminForm.tsx';

interface FiltersFormProps {
  /** The form's accessible name, "Filtros de …". */
  label: string;
  /** The list without filters. */
  clearTo: string;
  form: AdminFormShell;
  /** The filters' fields. */
  children: ReactNode;
}

/**
 * The filters above a list kept in the address (url-filters.ts): the fields, Filtrar and Quitar
 * filtros. Each list's form validates its own fields with its list's query schema.
 */
export function FiltersForm({ label, clearTo, form, children }: FiltersFormProps) {
  return (
    <AdminForm form={form} className="filters" aria-label={label}>
      <div className="filters__fields">{children}</div>
      <div className="form__actions">
        <button type="submit" className="button">
          Filtrar
        </button>
        <Link to={clearTo} className="button button--secondary">
          Quitar filtros
        </Link>
      </div>
    </AdminForm>
  );
}
