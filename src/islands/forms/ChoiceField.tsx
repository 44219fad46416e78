import { FieldError } from './FieldError.tsx';

interface ChoiceFieldProps {
  name: string;
  legend: string;
  /** Labels to choose from; the chosen label is the value (spec §7 sends labels). */
  options: string[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}

/** A group of radio buttons in a fieldset, with hint and error wired like Field. */
export function ChoiceField({ name, legend, options, value, onChange, error, hint }: ChoiceFieldProps) {
  const describedBy = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`field choice${error ? ' field--error' : ''}`} id={name} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {hint && (
        <p id={`${name}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError field={name} message={error} />
      <div className="choice__options">
        {options.map((option, index) => (
          <label key={option} className="choice__option">
            <input
              type="radio"
              name={name}
              id={index === 0 ? `${name}-first` : undefined}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
