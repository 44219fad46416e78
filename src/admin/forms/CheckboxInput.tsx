import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy } from '../../ui/forms/FieldFrame.tsx';
import { FieldError } from '../../ui/forms/FieldError.tsx';

interface CheckboxInputProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
}

/** A single yes/no choice; the label sits beside the box, hint and error below it. */
export function CheckboxInput({ label, hint, error, registration }: CheckboxInputProps) {
  const id = registration.name;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="checkbox" htmlFor={id}>
        <input
          type="checkbox"
          id={id}
          aria-describedby={describedBy(id, hint, error)}
          aria-invalid={error ? true : undefined}
          {...registration}
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError field={id} message={error} />
    </div>
  );
}
