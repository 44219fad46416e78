import { OptionsFieldset, type OptionsFieldsetProps } from './OptionsFieldset.tsx';
import type { Option } from './SelectField.tsx';

interface ChoiceFieldProps extends OptionsFieldsetProps {
  options: Option[];
  value: string;
  onChange: (value: string) => void;
}

/** A group of radio buttons: one of the options. */
export function ChoiceField({ options, value, onChange, ...fieldset }: ChoiceFieldProps) {
  return (
    <OptionsFieldset {...fieldset}>
      {options.map((option) => (
        <label key={option.value} className="choice__option">
          <input
            type="radio"
            name={fieldset.name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </OptionsFieldset>
  );
}
