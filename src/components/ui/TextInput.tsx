import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { field } from './classes.ts';
import { FieldFrame, fieldAria, type FieldLabelling } from './Field.tsx';

type Native<T> = Omit<T, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'>;

interface ControlExtras {
  /** Further ids the control is described by (e.g. a strength meter below it). */
  describedBy?: string | undefined;
  /** Codes such as an IBAN: monospaced, no spell check. */
  code?: boolean | undefined;
  /** Classes of the control itself (e.g. a width), after the kit's. */
  controlClassName?: string | undefined;
}

function controlClass(code: boolean | undefined, extra: string | undefined) {
  return ['mt-1', field.control, code ? 'font-mono' : '', extra ?? ''].filter(Boolean).join(' ');
}

export type TextInputProps = FieldLabelling & ControlExtras & Native<InputHTMLAttributes<HTMLInputElement>> & { ref?: Ref<HTMLInputElement> };

/** A one-line input with its label, hint and error (aria-invalid, aria-describedby). */
export function TextInput({ id, label, hint, error, required, spokenMarks, className, describedBy, code, controlClassName, ref, type = 'text', ...native }: TextInputProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required} spokenMarks={spokenMarks} className={className}>
      <input
        {...native}
        ref={ref}
        id={id}
        type={type}
        required={required}
        spellCheck={code ? false : native.spellCheck}
        {...fieldAria(id, { hint, error, describedBy })}
        className={controlClass(code, controlClassName)}
      />
    </FieldFrame>
  );
}

export type TextAreaProps = FieldLabelling & ControlExtras & Native<TextareaHTMLAttributes<HTMLTextAreaElement>> & { ref?: Ref<HTMLTextAreaElement> };

/** A multi-line text with its label, hint and error. */
export function TextArea({ id, label, hint, error, required, spokenMarks, className, describedBy, code, controlClassName, ref, ...native }: TextAreaProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required} spokenMarks={spokenMarks} className={className}>
      <textarea
        {...native}
        ref={ref}
        id={id}
        required={required}
        spellCheck={code ? false : native.spellCheck}
        {...fieldAria(id, { hint, error, describedBy })}
        className={controlClass(code, controlClassName)}
      />
    </FieldFrame>
  );
}
