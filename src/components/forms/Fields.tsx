import { useState, type ReactNode, type Ref } from 'react';
import { FieldError } from './FieldError.tsx';
import type { FieldState, FormValues } from './useFormFields.ts';

/**
 * The one field family of every form: text, textarea, select, password, checkbox and choice
 * groups share the label, the hint and the error wiring (aria-invalid, aria-describedby) and
 * one input style. Required fields carry an asterisk.
 */

/** Slate 500 on white (and 400 on the dark ground) keeps the border at the 3:1 of WCAG 1.4.11. */
export const inputClass =
  'block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100';
const labelClass = 'font-medium';
const hintClass = 'mt-1 text-sm text-slate-600 dark:text-slate-400';
const boxClass = 'h-5 w-5 shrink-0 accent-brand-600';

type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
type FlagKeys<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;
type ListKeys<V> = { [K in keyof V]: V[K] extends string[] ? K : never }[keyof V] & string;

interface Labelled {
  label: ReactNode;
  required?: boolean;
  /**
   * Write the marks into the label's text, ' *' or ' (optional)', so that they are part of the
   * field's name (the checkout); otherwise a required field's asterisk is only for the eye.
   */
  spokenMarks?: boolean;
}

function Marks({ required, spokenMarks }: Omit<Labelled, 'label'>) {
  if (spokenMarks) return required ? ' *' : ' (optional)';
  return required ? <span aria-hidden="true"> *</span> : null;
}

/** aria attributes of a control: its hint (if any) and its error (if shown). */
function wiring<V extends FormValues>(form: FieldState<V>, field: keyof V & string, hint?: ReactNode) {
  const error = form.shown(field);
  const describedBy = [hint ? `${form.id(field)}-hint` : '', error ? form.errorId(field) : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

interface FrameProps<V extends FormValues> extends Labelled {
  form: FieldState<V>;
  field: keyof V & string;
  hint?: ReactNode;
  className?: string | undefined;
  children: ReactNode;
}

/** Label above, control, hint and error below: what every single-control field shares. */
function Frame<V extends FormValues>({ form, field, label, required, spokenMarks, hint, className, children }: FrameProps<V>) {
  return (
    <div className={className}>
      <label htmlFor={form.id(field)} className={labelClass}>
        {label}
        <Marks required={required} spokenMarks={spokenMarks} />
      </label>
      {children}
      {hint && (
        <p id={`${form.id(field)}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
      <FieldError id={form.errorId(field)} message={form.shown(field)} />
    </div>
  );
}

interface TextFieldProps<V extends FormValues> extends Labelled {
  form: FieldState<V>;
  field: TextKeys<V>;
  type?: 'text' | 'email';
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'text' | 'email';
  hint?: ReactNode;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  /** Codes such as an IBAN: monospaced, no spell check. */
  code?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

export function TextField<V extends FormValues>(props: TextFieldProps<V>) {
  const { form, field, type = 'text', autoComplete, placeholder, inputMode, hint, rows, code, inputRef } = props;
  const common = {
    id: form.id(field),
    name: field,
    required: props.required,
    value: form.values[field] as string,
    ...wiring(form, field, hint),
    className: `mt-1 ${inputClass}${code ? ' font-mono' : ''}`,
  };
  const onChange = (value: string) => form.change(field, value as V[typeof field]);
  return (
    <Frame {...props}>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          ref={inputRef}
          type={type}
          autoComplete={autoComplete ?? 'off'}
          placeholder={placeholder}
          inputMode={inputMode}
          spellCheck={code ? false : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Frame>
  );
}

interface PasswordFieldProps<V extends FormValues> extends Labelled {
  form: FieldState<V>;
  field: TextKeys<V>;
  autoComplete: 'current-password' | 'new-password';
  /** Below the field, e.g. the strength meter of a new password; its id joins aria-describedby. */
  meter?: { id: string; node: ReactNode };
  className?: string;
}

/** A password with a show/hide button (SPEC §2); the button says what it will do. */
export function PasswordField<V extends FormValues>(props: PasswordFieldProps<V>) {
  const { form, field, autoComplete, meter } = props;
  const [visible, setVisible] = useState(false);
  const id = form.id(field);
  const aria = wiring(form, field);
  const describedBy = [aria['aria-describedby'], meter?.id].filter(Boolean).join(' ') || undefined;
  return (
    <Frame {...props}>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          name={field}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          required={props.required}
          value={form.values[field] as string}
          onChange={(e) => form.change(field, e.target.value as V[typeof field])}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={describedBy}
          className={inputClass}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-controls={id}
          className="shrink-0 rounded-lg border border-slate-400 px-3 text-sm font-medium hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800"
        >
          {visible ? 'Verbergen' : 'Anzeigen'}
          <span className="sr-only"> (Passwort)</span>
        </button>
      </div>
      {meter?.node}
    </Frame>
  );
}

interface SelectFieldProps<V extends FormValues> extends Labelled {
  form: FieldState<V>;
  field: TextKeys<V>;
  options: readonly { value: string; label: string }[];
  /** A first, empty choice such as 'Bitte wählen'. */
  placeholder?: string;
  className?: string;
}

export function SelectField<V extends FormValues>(props: SelectFieldProps<V>) {
  const { form, field, options, required, placeholder } = props;
  return (
    <Frame {...props}>
      <select
        id={form.id(field)}
        name={field}
        required={required}
        value={form.values[field] as string}
        onChange={(e) => form.change(field, e.target.value as V[typeof field])}
        {...wiring(form, field)}
        className={`mt-1 ${inputClass}`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

interface CheckboxProps<V extends FormValues> {
  form: FieldState<V>;
  field: FlagKeys<V>;
  children: ReactNode;
  required?: boolean;
  /** What ticking it means, below the box and read with it. */
  hint?: ReactNode;
}

export function Checkbox<V extends FormValues>({ form, field, children, required, hint }: CheckboxProps<V>) {
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
          {...wiring(form, field, hint)}
          className={`mt-1 ${boxClass}`}
        />
        <label htmlFor={form.id(field)}>
          {children}
          <Marks required={required} />
        </label>
      </div>
      {hint && (
        <p id={`${form.id(field)}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
      <FieldError id={form.errorId(field)} message={form.shown(field)} />
    </div>
  );
}

interface ChoiceGroupProps<V extends FormValues> {
  form: FieldState<V>;
  legend: ReactNode;
  required?: boolean;
  /** A section's heading instead of a field's label. */
  legendClassName?: string;
}

interface GroupFrameProps<V extends FormValues> extends ChoiceGroupProps<V> {
  field: keyof V & string;
  children: ReactNode;
}

function GroupFrame<V extends FormValues>({ form, field, legend, required, legendClassName = labelClass, children }: GroupFrameProps<V>) {
  return (
    <fieldset aria-describedby={form.shown(field) ? form.errorId(field) : undefined}>
      <legend className={legendClassName}>
        {legend}
        <Marks required={required} />
      </legend>
      {children}
    </fieldset>
  );
}

interface RadioGroupProps<V extends FormValues> extends ChoiceGroupProps<V> {
  field: TextKeys<V>;
  options: readonly { value: string; label: ReactNode }[];
  /** Options side by side (short labels) or one per line. */
  layout?: 'row' | 'column';
  /** What belongs to the choice below it (notes, further fields of the chosen option). */
  children?: ReactNode;
}

/** One choice among a few, as radio buttons; the first option takes the field's id (the target of an error link). */
export function RadioGroup<V extends FormValues>(props: RadioGroupProps<V>) {
  const { form, field, options, layout = 'row', children } = props;
  return (
    <GroupFrame {...props}>
      <div className={layout === 'row' ? 'mt-2 flex flex-wrap gap-x-6 gap-y-2' : 'mt-2 space-y-2'}>
        {options.map((option, index) => (
          <label key={option.value} className="flex items-center gap-2">
            <input
              id={index === 0 ? form.id(field) : undefined}
              type="radio"
              name={field}
              value={option.value}
              checked={form.values[field] === option.value}
              onChange={() => form.change(field, option.value as V[typeof field])}
              className={boxClass}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={form.errorId(field)} message={form.shown(field)} />
      {children}
    </GroupFrame>
  );
}

/** Several choices (SPEC §3: features as multiple choice). */
export function CheckboxGroup<V extends FormValues>(props: ChoiceGroupProps<V> & { field: ListKeys<V>; options: readonly { value: string; label: string }[] }) {
  const { form, field, options } = props;
  const selected = form.values[field] as string[];
  return (
    <GroupFrame {...props}>
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
              className={boxClass}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={form.errorId(field)} message={form.shown(field)} />
    </GroupFrame>
  );
}

/** Name and e-mail side by side, as most requests ask for them. */
export function NameAndEmail({ form }: { form: FieldState<{ name: string; email: string }> }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField form={form} field="name" label="Name" required autoComplete="name" />
      <TextField form={form} field="email" label="E-Mail" type="email" required autoComplete="email" />
    </div>
  );
}
