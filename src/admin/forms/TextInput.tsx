import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FieldFrame } from '../../ui/forms/FieldFrame.tsx';

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'required'> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  registration: UseFormRegisterReturn;
}

/**
 * A react-hook-form input inside the site's FieldFrame: label, hint and error wired by
 * aria-describedby. A file input too (`type="file"`), whose value is the FileList the form sends.
 */
export function TextInput({ label, hint, error, required = false, registration, ...input }: TextInputProps) {
  const id = registration.name;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <input
        type="text"
        {...input}
        id={id}
        required={required}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        {...registration}
      />
    </FieldFrame>
  );
}
