import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FieldNotes } from '../../ui/forms/FieldFrame.tsx';

export interface Choice {
  value: string;
  label: string;
  /** A sentence under the option, which describes its input (GOV.UK's radios and checkboxes with hints). */
  hint?: string;
}

interface OptionsInputProps {
  /** Checkboxes: any of the options (react-hook-form gives their values as a list); radios: one. */
  type: 'checkbox' | 'radio';
  label: string;
  options: readonly Choice[];
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  registration: UseFormRegisterReturn;
}

/**
 * A group of checkboxes or radio buttons in a fieldset whose legend names it, with the hint and
 * error wired as FieldFrame's. The fieldset's id is the field's, so the error summary's link lands
 * on the group (it takes focus, not tab stops).
 */
export function OptionsInput({ type, label, options, hint, error, required = false, registration }: OptionsInputProps) {
  const id = registration.name;
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={`field options${error ? ' field--error' : ''}`}
      aria-describedby={describedBy(id, hint, error)}
    >
      <legend className="field__label">
        {label}
        {!required && <span className="field__optional"> (opcional)</span>}
      </legend>
      <FieldNotes id={id} hint={hint} error={error} />
      <div className="options__list">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="options__item">
              <label className="checkbox" htmlFor={optionId}>
                <input
                  type={type}
                  id={optionId}
                  value={option.value}
                  aria-describedby={option.hint ? `${optionId}-hint` : undefined}
                  aria-invalid={error ? true : undefined}
                  {...registration}
                />
                {option.label}
              </label>
              {option.hint && (
                <p id={`${optionId}-hint`} className="field__hint options__hint">
                  {option.hint}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
