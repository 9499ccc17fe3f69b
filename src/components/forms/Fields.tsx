import type { ReactNode } from 'react';
import { FieldError } from '../ui/FieldError.tsx';
import type { FormFields, FormValues } from './useFormFields.ts';

/**
 * Labelled inputs of the request forms: every field has a visible label, its error is tied
 * to it with aria-describedby and aria-invalid, required fields carry an asterisk.
 */

export const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';
const labelClass = 'font-medium';
const hintClass = 'mt-1 text-sm text-slate-600 dark:text-slate-400';

type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
type FlagKeys<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;
type ListKeys<V> = { [K in keyof V]: V[K] extends string[] ? K : never }[keyof V] & string;

function Required() {
  return <span aria-hidden="true"> *</span>;
}

function FormFieldError<V extends FormValues>({ form, field }: { form: FormFields<V>; field: keyof V & string }) {
  return <FieldError id={form.errorId(field)} message={form.shown(field)} />;
}

function describedBy<V extends FormValues>(form: FormFields<V>, field: keyof V & string, hint?: string): string | undefined {
  const ids = [hint ? `${form.id(field)}-hint` : '', form.shown(field) ? form.errorId(field) : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

interface TextFieldProps<V extends FormValues> {
  form: FormFields<V>;
  field: TextKeys<V>;
  label: string;
  required?: boolean;
  type?: 'text' | 'email';
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'text' | 'email';
  hint?: string;
  multiline?: boolean;
  className?: string;
}

export function TextField<V extends FormValues>(props: TextFieldProps<V>) {
  const { form, field, label, required, type = 'text', autoComplete, placeholder, inputMode, hint, multiline, className } = props;
  const common = {
    id: form.id(field),
    name: field,
    required,
    value: form.values[field] as string,
    'aria-invalid': Boolean(form.shown(field)),
    'aria-describedby': describedBy(form, field, hint),
    className: inputClass,
  };
  return (
    <div className={className}>
      <label htmlFor={form.id(field)} className={labelClass}>
        {label}
        {required && <Required />}
      </label>
      {multiline ? (
        <textarea {...common} rows={5} onChange={(e) => form.change(field, e.target.value as V[typeof field])} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete ?? 'off'}
          placeholder={placeholder}
          inputMode={inputMode}
          onChange={(e) => form.change(field, e.target.value as V[typeof field])}
        />
      )}
      {hint && (
        <p id={`${form.id(field)}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
      <FormFieldError form={form} field={field} />
    </div>
  );
}

interface SelectFieldProps<V extends FormValues> {
  form: FormFields<V>;
  field: TextKeys<V>;
  label: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  /** A first, empty choice such as 'Bitte wählen'. */
  placeholder?: string;
  className?: string;
}

export function SelectField<V extends FormValues>({ form, field, label, options, required, placeholder, className }: SelectFieldProps<V>) {
  return (
    <div className={className}>
      <label htmlFor={form.id(field)} className={labelClass}>
        {label}
        {required && <Required />}
      </label>
      <select
        id={form.id(field)}
        name={field}
        required={required}
        value={form.values[field] as string}
        onChange={(e) => form.change(field, e.target.value as V[typeof field])}
        aria-invalid={Boolean(form.shown(field))}
        aria-describedby={describedBy(form, field)}
        className={inputClass}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FormFieldError form={form} field={field} />
    </div>
  );
}

interface ChoiceGroupProps<V extends FormValues> {
  form: FormFields<V>;
  legend: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
}

/** One choice among a few, as radio buttons. */
export function RadioGroup<V extends FormValues>({ form, field, legend, options, required }: ChoiceGroupProps<V> & { field: TextKeys<V> }) {
  return (
    <fieldset aria-describedby={form.shown(field) ? form.errorId(field) : undefined}>
      <legend className={labelClass}>
        {legend}
        {required && <Required />}
      </legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2">
            <input
              type="radio"
              name={field}
              value={option.value}
              checked={form.values[field] === option.value}
              onChange={() => form.change(field, option.value as V[typeof field])}
              className="h-5 w-5 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FormFieldError form={form} field={field} />
    </fieldset>
  );
}

/** Several choices (SPEC §3: features as multiple choice). */
export function CheckboxGroup<V extends FormValues>({ form, field, legend, options }: ChoiceGroupProps<V> & { field: ListKeys<V> }) {
  const selected = form.values[field] as string[];
  return (
    <fieldset aria-describedby={form.shown(field) ? form.errorId(field) : undefined}>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2">
            <input
              type="checkbox"
              name={field}
              value={option.value}
              checked={selected.includes(option.value)}
              onChange={(e) =>
                form.change(
                  field,
                  (e.target.checked ? [...selected, option.value] : selected.filter((value) => value !== option.value)) as V[typeof field],
                )
              }
              className="h-5 w-5 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FormFieldError form={form} field={field} />
    </fieldset>
  );
}

export function Checkbox<V extends FormValues>({ form, field, children, required }: { form: FormFields<V>; field: FlagKeys<V>; children: ReactNode; required?: boolean }) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={form.id(field)}
          name={field}
          type="checkbox"
          required={required}
          checked={form.values[field] as boolean}
          onChange={(e) => form.change(field, e.target.checked as V[typeof field])}
          aria-invalid={Boolean(form.shown(field))}
          aria-describedby={describedBy(form, field)}
          className="mt-1 h-5 w-5 accent-brand-600"
        />
        <label htmlFor={form.id(field)}>
          {children}
          {required && <Required />}
        </label>
      </div>
      <FormFieldError form={form} field={field} />
    </div>
  );
}

export const submitClass =
  'rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400 dark:disabled:bg-slate-600';
