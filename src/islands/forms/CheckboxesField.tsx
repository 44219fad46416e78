import { FieldError } from './FieldError.tsx';
import type { Option } from './SelectField.tsx';

interface CheckboxesFieldProps {
  name: string;
  label: string;
  options: Option[];
  /** The chosen values. */
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
}

/** A group of checkboxes in a fieldset, with "(opcional)", hint and error wired like ChoiceField. */
export function CheckboxesField({
  name,
  label,
  options,
  value,
  onChange,
  error,
  hint,
  required,
  disabled,
}: CheckboxesFieldProps) {
  const describedBy = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ') || undefined;
  const toggle = (option: string, checked: boolean) =>
    onChange(checked ? [...value, option] : value.filter((chosen) => chosen !== option));
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
        {options.map((option) => (
          <label key={option.value} className="choice__option">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              checked={value.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
