import type { ReactNode } from 'react';
import { field } from '../ui/classes.ts';

interface RadioChoicesProps<T extends string> {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** Classes of the options' row and of each option's label. */
  layout: { row: string; option: string };
  /** What an option says next to its radio button. */
  children: (option: T) => ReactNode;
}

/**
 * A choice of the configurator's estimate (not a sent form, so not the form kit's RadioGroup):
 * a fieldset with its legend and one radio button per option.
 */
export function RadioChoices<T extends string>({ legend, name, options, value, onChange, layout, children }: RadioChoicesProps<T>) {
  return (
    <fieldset>
      <legend className={field.label}>{legend}</legend>
      <div className={`mt-2 ${layout.row}`}>
        {options.map((option) => (
          <label key={option} className={layout.option}>
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} className={field.box} />
            {children(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
