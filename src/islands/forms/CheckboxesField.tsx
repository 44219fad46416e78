import { OptionsFieldset, type OptionsFieldsetProps } from './OptionsFieldset.tsx';
import type { Option } from './SelectField.tsx';

interface CheckboxesFieldProps extends OptionsFieldsetProps {
  options: Option[];
  /** The chosen values. */
  value: string[];
  onChange: (value: string[]) => void;
}

/** A group of checkboxes: any of the options. */
export function CheckboxesField({ options, value, onChange, ...fieldset }: CheckboxesFieldProps) {
  const toggle = (option: string, checked: boolean) =>
    onChange(checked ? [...value, option] : value.filter((chosen) => chosen !== option));
  return (
    <OptionsFieldset {...fieldset}>
      {options.map((option) => (
        <label key={option.value} className="choice__option">
          <input
            type="checkbox"
            name={fieldset.name}
            value={option.value}
            checked={value.includes(option.value)}
            onChange={(event) => toggle(option.value, event.target.checked)}
          />
          {option.label}
        </label>
      ))}
    </OptionsFieldset>
  );
}
