import type { ReactNode } from 'react';
import { FieldError } from '../../ui/forms/FieldError.tsx';

export interface OptionsFieldsetProps {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * The fieldset of a group of radio buttons (ChoiceField) or checkboxes (CheckboxesField): the
 * legend with "(opcional)", the hint and the error wired like Field's. Its id is the field's, so
 * the error summary's link lands on the group.
 */
export function OptionsFieldset({
  name,
  label,
  error,
  hint,
  required,
  disabled,
  children,
}: OptionsFieldsetProps & { children: ReactNode }) {
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
      <div className="choice__options">{children}</div>
    </fieldset>
  );
}
