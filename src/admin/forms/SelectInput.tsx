import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FieldFrame } from '../../ui/forms/FieldFrame.tsx';

interface SelectInputProps {
  label: string;
  options: readonly { value: string; label: string }[];
  /** The first, empty choice. */
  placeholder: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  registration: UseFormRegisterReturn;
}

export function SelectInput({
  label,
  options,
  placeholder,
  hint,
  error,
  required = false,
  registration,
}: SelectInputProps) {
  const id = registration.name;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <select
        id={id}
        required={required}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        {...registration}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
