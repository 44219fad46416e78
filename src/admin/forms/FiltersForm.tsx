import type { ReactNode, SubmitEvent } from 'react';
import { Link } from 'react-router';
import { FormFeedback } from './FormFeedback.tsx';
import type { SubmitFeedback } from './use-submit-feedback.ts';

interface FiltersFormProps {
  /** The form's accessible name, "Filtros de …". */
  label: string;
  /** The list without filters. */
  clearTo: string;
  feedback: SubmitFeedback;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>;
  /** The filters' fields. */
  children: ReactNode;
}

/**
 * The filters above a list kept in the address (url-filters.ts): the fields, Filtrar and Quitar
 * filtros. Each list's form validates its own fields with its list's query schema.
 */
export function FiltersForm({ label, clearTo, feedback, onSubmit, children }: FiltersFormProps) {
  return (
    <form className="filters" noValidate aria-label={label} onSubmit={(event) => void onSubmit(event)}>
      <FormFeedback feedback={feedback} />
      <div className="filters__fields">{children}</div>
      <div className="form__actions">
        <button type="submit" className="button">
          Filtrar
        </button>
        <Link to={clearTo} className="button button--secondary">
          Quitar filtros
        </Link>
      </div>
    </form>
  );
}
