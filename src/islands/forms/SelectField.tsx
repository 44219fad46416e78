import { describedBy, FieldFrame } from '../../ui/forms/FieldFrame.tsx';

export interface Option {
  value: string;
  label: string;
}

/** Options whose value is their label: spec §7 sends the denuncia's labels, not codes. */
export const labelOptions = (labels: Record<string, string>): Option[] =>
  Object.values(labels).map((label) => ({ value: label, label }));

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  /** The first, empty choice. */
  placeholder: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
}

/** A labelled select with hint and error wired like Field. */
export function SelectField({ id, value, options, onChange, placeholder, disabled, ...frame }: SelectFieldProps) {
  return (
    <FieldFrame id={id} {...frame}>
      <select
        id={id}
        name={id}
        value={value}
        disabled={disabled}
        aria-describedby={describedBy(id, frame.hint, frame.error)}
        aria-invalid={frame.error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
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
