import type { ChangeEvent } from 'react';
import { FieldError } from './FieldError.tsx';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  maxLength?: number | undefined;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  multiline?: boolean;
  disabled?: boolean;
}

/** A labelled input with hint and error wired through aria-describedby (GOV.UK Frontend's pattern). */
export function Field({ id, label, value, onChange, error, hint, required, maxLength, type = 'text', autoComplete, multiline, disabled }: FieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: id,
    value,
    required,
    maxLength,
    disabled,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {!required && <span className="field__optional"> (opcional)</span>}
      </label>
      {hint && <p id={`${id}-hint`} className="field__hint">{hint}</p>}
      <FieldError field={id} message={error} />
      {multiline ? <textarea rows={6} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
    </div>
  );
}
