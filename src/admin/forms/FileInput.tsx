import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FieldFrame } from '../../ui/forms/FieldFrame.tsx';

interface FileInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'required' | 'type'> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  registration: UseFormRegisterReturn;
}

/** A file a form sends on submit, registered with react-hook-form (its value is the FileList). */
export function FileInput({ label, hint, error, required = false, registration, ...input }: FileInputProps) {
  const id = registration.name;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <input
        {...input}
        type="file"
        id={id}
        required={required}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        {...registration}
      />
    </FieldFrame>
  );
}
