import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FieldNotes } from '../../ui/forms/FieldFrame.tsx';

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
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
