import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FieldFrame } from '../../ui/forms/FieldFrame.tsx';

interface TextAreaInputProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  registration: UseFormRegisterReturn;
}

export function TextAreaInput({ label, hint, error, required = false, registration }: TextAreaInputProps) {
  const id = registration.name;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={id}
        rows={4}
        required={required}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        {...registration}
      />
    </FieldFrame>
  );
}
