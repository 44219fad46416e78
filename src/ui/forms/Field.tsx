import type { ChangeEvent } from 'react';
import { describedBy, FieldFrame } from './FieldFrame.tsx';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  maxLength?: number | undefined;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  multiline?: boolean;
  inputMode?: 'numeric';
  disabled?: boolean;
}

/** A labelled input with hint and error wired through aria-describedby (GOV.UK Frontend's pattern). */
export function Field({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required,
  maxLength,
  type = 'text',
  autoComplete,
  multiline,
  inputMode,
  disabled,
}: FieldProps) {
  const common = {
    id,
    name: id,
    value,
    required,
    maxLength,
    disabled,
    'aria-describedby': describedBy(id, hint, error),
    'aria-invalid': error ? true : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      {multiline ? (
        <textarea rows={6} {...common} />
      ) : (
        <input type={type} autoComplete={autoComplete} inputMode={inputMode} {...common} />
      )}
    </FieldFrame>
  );
}
