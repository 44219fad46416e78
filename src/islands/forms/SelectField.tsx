import { FieldError } from './FieldError.tsx';

interface Option {
  value: string;
  label: string;
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  /** The first, empty choice. */
  placeholder: string;
  error?: string | undefined;
  disabled?: boolean;
}

/** A labelled select with its error wired through aria-describedby, like Field. */
export function SelectField({ id, label, value, options, onChange, placeholder, error, disabled }: SelectFieldProps) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <FieldError field={id} message={error} />
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
