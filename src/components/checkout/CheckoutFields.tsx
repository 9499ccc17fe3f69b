import type { ReactNode } from 'react';
import { FieldError } from '../ui/FieldError.tsx';

/** Form parts of the checkout: every field has a visible label, and its error is tied to it. */

export const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100';
export const linkClass = 'font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300';

/** The id of the control that a field path of the order request belongs to. */
export function fieldId(path: string): string {
  return `checkout-${path.replaceAll('.', '-')}`;
}

export function PathError({ path, error }: { path: string; error: string | undefined }) {
  return <FieldError id={`${fieldId(path)}-error`} message={error} />;
}

/** aria-describedby for a control: its hint (if any) and its error (if shown). */
export function describedBy(path: string, error: string | undefined, hint?: string): string | undefined {
  return [hint, error ? `${fieldId(path)}-error` : undefined].filter(Boolean).join(' ') || undefined;
}

interface TextFieldProps {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoComplete?: string;
  type?: 'text' | 'email';
  required?: boolean;
  hint?: ReactNode;
  className?: string;
}

export function TextField({ path, label, value, onChange, error, autoComplete, type = 'text', required = true, hint, className }: TextFieldProps) {
  const id = fieldId(path);
  return (
    <div className={className}>
      <label htmlFor={id} className="font-medium">
        {label}
        {required ? ' *' : ' (optional)'}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        required={required}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy(path, error, hint ? `${id}-hint` : undefined)}
        className={inputClass}
      />
      <PathError path={path} error={error} />
    </div>
  );
}

interface CheckboxProps {
  path: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  children: ReactNode;
}

export function Checkbox({ path, checked, onChange, error, children }: CheckboxProps) {
  const id = fieldId(path);
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={describedBy(path, error)}
          className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
        />
        <label htmlFor={id}>{children}</label>
      </div>
      <PathError path={path} error={error} />
    </div>
  );
}

interface RadioGroupProps<T extends string> {
  path: string;
  name: string;
  legend: string;
  options: readonly T[];
  label(option: T): ReactNode;
  /** Empty while nothing is chosen yet. */
  value: T | '';
  onChange(value: T): void;
  error: string | undefined;
  /** Options side by side (short labels) or one per line. */
  layout: 'row' | 'column';
  /** What belongs to the choice below it (notes, further fields of the chosen option). */
  children?: ReactNode;
}

/** A required choice: the fieldset names it, its error is tied to the group, the first option takes the field's id. */
export function RadioGroup<T extends string>({ path, name, legend, options, label, value, onChange, error, layout, children }: RadioGroupProps<T>) {
  return (
    <fieldset aria-describedby={describedBy(path, error)}>
      <legend className="text-xl font-semibold text-slate-900 dark:text-white">{legend}</legend>
      <div className={layout === 'row' ? 'mt-2 flex flex-wrap gap-6' : 'mt-2 space-y-2'}>
        {options.map((option, index) => (
          <label key={option} className="flex items-center gap-2">
            <input
              id={index === 0 ? fieldId(path) : undefined}
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="h-5 w-5 accent-brand-600"
            />
            {label(option)}
          </label>
        ))}
      </div>
      <PathError path={path} error={error} />
      {children}
    </fieldset>
  );
}
