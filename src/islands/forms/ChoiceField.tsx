import { OptionsFieldset, type OptionsFieldsetProps } from './OptionsFieldset.tsx';
import type { Option } from './SelectField.tsx';

/** A radio button's option; `hint` explains it below its label (the rights form's one sentence per right). */
export interface ChoiceOption extends Option {
  hint?: string;
}

interface ChoiceFieldProps extends OptionsFieldsetProps {
  options: ChoiceOption[];
  value: string;
  onChange: (value: string) => void;
}

/** A group of radio buttons: one of the options. An option's hint describes its button (GOV.UK's radios with hints). */
export function ChoiceField({ options, value, onChange, ...fieldset }: ChoiceFieldProps) {
  return (
    <OptionsFieldset {...fieldset}>
      {options.map(({ value: option, label, hint }) => {
        const hintId = hint ? `${fieldset.name}-${option}-hint` : undefined;
        const radio = (
          <label key={option} className="choice__option">
            <input
              type="radio"
              name={fieldset.name}
              value={option}
              checked={value === option}
              aria-describedby={hintId}
              onChange={() => onChange(option)}
            />
            {label}
          </label>
        );
        return hint ? (
          <div key={option} className="choice__item">
            {radio}
            <p id={hintId} className="field__hint choice__hint">
              {hint}
            </p>
          </div>
        ) : (
          radio
        );
      })}
    </OptionsFieldset>
  );
}
