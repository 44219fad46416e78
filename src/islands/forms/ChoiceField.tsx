import { FieldError } from './FieldError.tsx';
import type { Option } from './SelectField.tsx';

interface ChoiceFieldProps {
  name: string;
  label: string;
  options: Option[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
}

/** A group of radio buttons in a fieldset, with "(opcional)", hint and error wired like Field. */
export function ChoiceField({
  name,
  label,
  options,
  value,
  onChange,
  error,
  hint,
  required,
  disabled,
}: ChoiceFieldProps) {
  const describedBy = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={`field choice${error ? ' field--error' : ''}`}
      id={name}
      aria-describedby={describedBy}
      disabled={disabled}
    >
      <legend>
        {label}
        {!required && <span className="field__optional"> (opcional)</span>}
      </legend>
      {hint && (
        <p id={`${name}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError field={name} message={error} />
      <div className="choice__options">
        {options.map((option, index) => (
          <label key={option.value} className="choice__option">
            <input
              type="radio"
              name={name}
              id={index === 0 ? `${name}-first` : undefined}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
