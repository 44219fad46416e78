import { Link } from 'react-router';
import { SubmitButton } from './SubmitButton.tsx';

/** Guardar, and Cancelar back to the list. */
export function FormActions({ pending, listPath }: { pending: boolean; listPath: string }) {
  return (
    <div className="form__actions">
      <SubmitButton pending={pending} label="Guardar" />
      <Link to={listPath} className="button button--secondary">
        Cancelar
      </Link>
    </div>
  );
}
