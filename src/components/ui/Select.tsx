import type { SelectHTMLAttributes } from 'react';
import { field } from './classes.ts';
import { FieldFrame, fieldAria, type FieldLabelling } from './Field.tsx';

interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = FieldLabelling &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby' | 'children'> & {
    options: readonly SelectOption[];
    /** A first, empty choice such as 'Bitte wählen' or 'Alle Arten' (value ''). */
    placeholder?: string | undefined;
    controlClassName?: string | undefined;
  };

/** A native select with its label, hint and error: the platform's own list, usable by keyboard and on every phone. */
export function Select({ id, label, hint, error, required, spokenMarks, className, options, placeholder, controlClassName, ...native }: SelectProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required} spokenMarks={spokenMarks} className={className}>
      <select {...native} id={id} required={required} {...fieldAria(id, { hint, error })} className={['mt-1', field.control, controlClassName ?? ''].filter(Boolean).join(' ')}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
