import { FieldError } from './FieldError.tsx';

interface FileFieldProps {
  id: string;
  label: string;
  hint: string;
  accept?: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  onChange: (file: File | undefined) => void;
}

/** A file input with hint and error wired like Field. */
export function FileField({ id, label, hint, accept, error, required, disabled, onChange }: FileFieldProps) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {!required && <span className="field__optional"> (opcional)</span>}
      </label>
      <p id={`${id}-hint`} className="field__hint">{hint}</p>
      <FieldError field={id} message={error} />
      <input
        type="file"
        id={id}
        name={id}
        accept={accept}
        disabled={disabled}
        aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.files?.[0])}
      />
    </div>
  );
}
