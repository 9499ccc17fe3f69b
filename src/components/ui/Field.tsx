import type { ReactNode } from 'react';
import { field } from './classes.ts';

/**
 * What every field of the kit shares (TextInput, TextArea, Select, Checkbox, and the form kit's
 * fields built on them in src/components/forms/Fields.tsx): the label, the hint and the error,
 * and the wiring that makes a screen reader read them with the control.
 */

export interface FieldLabelling {
  /** The control's id; the hint is `${id}-hint`, the error `${id}-error`. */
  id: string;
  label: ReactNode;
  /** What to enter, below the control and read with it. */
  hint?: ReactNode;
  /** The error, when one is shown; it marks the control invalid. */
  error?: string | undefined;
  required?: boolean | undefined;
  /**
   * Write the marks into the label's text, ' *' or ' (optional)', so that they are part of the
   * field's name (the checkout); otherwise a required field's asterisk is only for the eye.
   */
  spokenMarks?: boolean | undefined;
  /** The wrapper's classes, e.g. a width. */
  className?: string | undefined;
}

const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** aria-invalid and aria-describedby of a control: its hint, its error if shown, and anything else (a strength meter). */
export function fieldAria(id: string, { hint, error, describedBy }: { hint?: ReactNode; error?: string | undefined; describedBy?: string | undefined }) {
  const ids = [hint ? hintId(id) : '', error ? errorId(id) : '', describedBy ?? ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

export function Marks({ required, spokenMarks }: { required?: boolean | undefined; spokenMarks?: boolean | undefined }) {
  if (spokenMarks) return required ? ' *' : ' (optional)';
  return required ? <span aria-hidden="true"> *</span> : null;
}

/**
 * The message below a field; its id is what the field's aria-describedby points to. Every form
 * shows field errors through this.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={field.error}>
      {message}
    </p>
  ) : null;
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <p id={hintId(id)} className={field.hint}>
      {children}
    </p>
  ) : null;
}

/** Label above, control, hint and error below: what every single-control field shares. */
export function FieldFrame({ id, label, hint, error, required, spokenMarks, className, children }: FieldLabelling & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={field.label}>
        {label}
        <Marks required={required} spokenMarks={spokenMarks} />
      </label>
      {children}
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={errorId(id)} message={error} />
    </div>
  );
}
