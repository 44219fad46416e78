import { describedBy, FieldFrame } from '../../ui/forms/FieldFrame.tsx';

interface FileFieldProps {
  id: string;
  label: string;
  hint: string;
  accept?: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  onChange: (file: File | undefined) => void;
}

/** A file input with hint and error wired like Field. */
export function FileField({ id, label, hint, accept, error, required, disabled, onChange }: FileFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <input
        type="file"
        id={id}
        name={id}
        accept={accept}
        disabled={disabled}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.files?.[0])}
      />
    </FieldFrame>
  );
}
