import { useState, type ReactNode, type Ref } from 'react';
import { buttonClass, field as fieldClasses } from '../ui/classes.ts';
import { Checkbox as CheckboxControl } from '../ui/Checkbox.tsx';
import { FieldError, FieldFrame, fieldAria, Marks } from '../ui/Field.tsx';
import { Select } from '../ui/Select.tsx';
import { TextArea, TextInput } from '../ui/TextInput.tsx';
import type { FieldState, FormValues } from './useFormFields.ts';

/**
 * The one field family of every form: text, textarea, select, password, checkbox and choice
 * groups, bound to a form's state (useFormFields). The controls, their label, hint and error
 * wiring (aria-invalid, aria-describedby) and their look are the design system's
 * (src/components/ui/, docs/decisions/0069-design-system.md). Required fields carry an asterisk.
 */

/** The kit's input look, for the hand-made control of this family (a number with its unit). */
const inputClass = fieldClasses.control;
const labelClass = fieldClasses.label;
const boxClass = fieldClasses.box;

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

/** What the kit's field needs of a form's field: its id and its shown error. */
function bound<V extends FormValues>(form: FieldState<V>, field: keyof V & string) {
  return { id: form.id(field), error: form.shown(field) };
}

interface TextFieldProps<V extends FormValues> extends Labelled {
  form: FieldState<V>;
  field: TextKeys<V>;
  type?: 'text' | 'email' | 'date';
  /** A date's earliest and latest day (ISO), for the browser's date picker; the schema decides. */
  min?: string;
  max?: string;
  /** Classes of the control itself, e.g. a smaller text inside a table row. */
  controlClassName?: string;
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
  const { form, field, label, required, spokenMarks, hint, className, type = 'text', autoComplete, placeholder, inputMode, rows, code, inputRef, min, max, controlClassName } = props;
  const common = { ...bound(form, field), name: field, label, required, spokenMarks, hint, className, code, value: form.values[field] as string };
  const onChange = (value: string) => form.change(field, value as V[typeof field]);
  return rows ? (
    <TextArea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
  ) : (
    <TextInput
      {...common}
      ref={inputRef}
      type={type}
      autoComplete={autoComplete ?? 'off'}
      placeholder={placeholder}
      inputMode={inputMode}
      min={min}
      max={max}
      controlClassName={controlClassName}
      onChange={(e) => onChange(e.target.value)}
    />
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
  const { form, field, label, required, spokenMarks, className, autoComplete, meter } = props;
  const [visible, setVisible] = useState(false);
  const { id, error } = bound(form, field);
  return (
    <FieldFrame id={id} label={label} required={required} spokenMarks={spokenMarks} error={error} className={className}>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          name={field}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          required={required}
          value={form.values[field] as string}
          onChange={(e) => form.change(field, e.target.value as V[typeof field])}
          {...fieldAria(id, { error, describedBy: meter?.id })}
          className={inputClass}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-controls={id}
          className={`shrink-0 ${buttonClass({ variant: 'secondary', size: 'sm' })}`}
        >
          {visible ? 'Verbergen' : 'Anzeigen'}
          <span className="sr-only"> (Passwort)</span>
        </button>
      </div>
      {meter?.node}
    </FieldFrame>
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
  const { form, field, label, required, spokenMarks, className, options, placeholder } = props;
  return (
    <Select
      {...bound(form, field)}
      name={field}
      label={label}
      required={required}
      spokenMarks={spokenMarks}
      className={className}
      options={options}
      placeholder={placeholder}
      value={form.values[field] as string}
      onChange={(e) => form.change(field, e.target.value as V[typeof field])}
    />
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
    <CheckboxControl
      {...bound(form, field)}
      name={field}
      required={required}
      hint={hint}
      checked={form.values[field] as boolean}
      onChange={(e) => form.change(field, e.target.checked as V[typeof field])}
    >
      {children}
    </CheckboxControl>
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
