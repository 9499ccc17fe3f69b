import { useRef, useState } from 'react';
import * as v from 'valibot';
import type { FieldValues } from '../../lib/forms/autofill.ts';
import type { PostedForm } from '../../lib/forms/posted-form.ts';
import { fieldErrors, INVALID_INPUT } from '../../lib/schemas/issues.ts';
import { captchaInputId } from '../security/SecurityCheck.tsx';

export type FormValues = Record<string, string | boolean | string[]>;

/**
 * What the kit's fields (Fields.tsx) read and write: every form holds its values in
 * useFormFields.
 */
export interface FieldState<V extends FormValues> {
  values: V;
  id(field: keyof V & string): string;
  errorId(field: keyof V & string): string;
  /** The field's error, when it is shown. */
  shown(field: keyof V & string): string | undefined;
  change<F extends keyof V & string>(field: F, value: V[F]): void;
}

/** One line of the error summary: the message and the id of the control it leads to (none: plain text). */
export interface ListedError {
  message: string;
  target: string | undefined;
}

/**
 * The error summary above a form (ErrorSummary.tsx), from the first failed send on: a send the
 * schema refused (touchAll) or the server refused with field errors (refuse), or the no-JavaScript
 * answer of a refused post. Each failed send counts one `attempt`; the summary takes the focus
 * once per attempt.
 */
export interface SummaryState {
  heading: string;
  attempt: number;
  /** The errors shown now, each once, in the form's order; they follow the fields as they are fixed. */
  listed: ListedError[];
  /** True once per attempt: whether the summary should take the focus now (not again when it re-mounts). */
  focusDue(): boolean;
}

/** A form held by useFormFields: its fields' state, the schema's typed output, and what sending needs. */
export interface FormFields<V extends FormValues, O = unknown> extends FieldState<V> {
  idPrefix: string;
  invalid: boolean;
  /** The schema's errors of the current values, shown or not (e.g. to focus the first one). */
  errors: Record<string, string>;
  /** The schema's output when valid (e.g. for the receipt), else null. */
  output: O | null;
  serverErrors: Record<string, string>;
  /** The error summary, null until a send failed. */
  summary: SummaryState | null;
  /** On submit: every error shows; answers whether the form may be sent. */
  touchAll(): boolean;
  /** The server's field errors of a refused send, shown at once. */
  refuse(errors: Record<string, string>): void;
  reset(): void;
  /** Values of a dropped JSON file or vCard, limited to this form's text and checkbox fields. */
  autofill(filled: FieldValues): void;
  /**
   * Values known beforehand (the logged-in account's name and address): set only in fields that
   * still hold their empty value, so nothing the visitor typed is replaced; no error is revealed.
   */
  prefill(known: Partial<V>): void;
}

interface FormOptions<V extends FormValues> {
  /**
   * Starts the form with a post's values and errors, for the page the server answers without
   * JavaScript; a refusal's message heads the error summary.
   */
  posted?: Pick<PostedForm, 'values' | 'errors' | 'refusal'> | undefined;
  /** Ids that differ from `${idPrefix}-${field}` (kept for autofill, tests and links). */
  ids?: Partial<Record<keyof V & string, string>>;
  /**
   * 'change' (the default): a field's error shows once it was changed or the form was sent.
   * 'submit': errors show only after sending, and a field's error hides when it is changed
   * (the small account forms, where a half-typed password is no error yet).
   * 'send': errors show from the first send on and then follow every change (the checkout,
   * whose fields are checked together and stay quiet until the order is placed).
   */
  reveal?: 'change' | 'submit' | 'send';
  /** After every change by the user, e.g. to clear the outcome of the last send. */
  onChange?: () => void;
  /**
   * Where the summary leads an error that belongs to no field (e.g. the checkout's cart problems).
   * The security check's 'captcha' needs none: it leads to the code field.
   */
  targetOf?: (key: string) => string | undefined;
}

/**
 * Values, errors and shown state of a form validated with its shared schema (the same the
 * function uses), the server's field errors until the next change, and the schema's typed output.
 * Nothing typed is lost on an error.
 */
export function useFormFields<S extends v.GenericSchema, V extends FormValues>(
  idPrefix: string,
  schema: S,
  empty: V,
  options: FormOptions<V> = {},
): FormFields<V, v.InferOutput<S>> {
  const { posted, reveal = 'change', onChange, targetOf } = options;
  const ids: Partial<Record<keyof V & string, string>> = options.ids ?? {};
  const [values, setValues] = useState<V>(() => (posted ? { ...empty, ...typedValues(empty, posted.values) } : empty));
  const [revealed, setRevealed] = useState<Partial<Record<keyof V & string, boolean>>>(() =>
    posted && Object.keys(posted.errors).length > 0 ? allRevealed(empty) : {},
  );
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  // Attempt 0 is the refused post the server rendered: shown, never focused (that page runs no script).
  const [failure, setFailure] = useState<{ heading: string; attempt: number } | null>(() =>
    posted && (posted.refusal !== undefined || Object.keys(posted.errors).length > 0) ? { heading: posted.refusal ?? INVALID_INPUT, attempt: 0 } : null,
  );
  const focusedAttempt = useRef(0);

  const result = v.safeParse(schema, values);
  const errors: Record<string, string> = result.success ? {} : fieldErrors(result.issues);
  const invalid = !result.success;
  const id = (field: keyof V & string) => ids[field] ?? `${idPrefix}-${field}`;
  const shown = (field: keyof V & string): string | undefined => (revealed[field] ? (errors[field] ?? serverErrors[field]) : undefined);
  const fail = () => setFailure((last) => ({ heading: INVALID_INPUT, attempt: (last?.attempt ?? 0) + 1 }));

  const summary: SummaryState | null = failure && {
    ...failure,
    listed: listedErrors(
      Object.keys(empty).map((field) => [shown(field), id(field)]),
      // What belongs to no field (the cart's problems, the captcha): the schema's and the server's.
      [...Object.entries(errors), ...Object.entries(serverErrors)]
        .filter(([key]) => !(key in empty))
        .map(([key, message]) => [message, key === 'captcha' ? captchaInputId(idPrefix) : targetOf?.(key)]),
    ),
    focusDue() {
      if (failure.attempt <= focusedAttempt.current) return false;
      focusedAttempt.current = failure.attempt;
      return true;
    },
  };

  return {
    idPrefix,
    values,
    invalid,
    errors,
    output: result.success ? (result.output as v.InferOutput<S>) : null,
    shown,
    serverErrors,
    summary,
    id,
    errorId: (field: keyof V & string) => `${id(field)}-error`,
    change<F extends keyof V & string>(field: F, value: V[F]) {
      setValues((current) => ({ ...current, [field]: value }));
      if (reveal !== 'send') setRevealed((current) => ({ ...current, [field]: reveal === 'change' }));
      setServerErrors({});
      onChange?.();
    },
    touchAll() {
      setRevealed(allRevealed(empty));
      if (invalid) fail();
      return !invalid;
    },
    refuse(errors: Record<string, string>) {
      setServerErrors(errors);
      setRevealed(allRevealed(empty));
      if (Object.keys(errors).length > 0) fail();
    },
    reset() {
      setValues(empty);
      setRevealed({});
      setServerErrors({});
      setFailure(null);
    },
    autofill(filled: FieldValues) {
      const known = typedValues(empty, filled);
      setValues((current) => ({ ...current, ...known }));
      setRevealed((current) => ({ ...current, ...Object.fromEntries(Object.keys(known).map((key) => [key, true])) }));
    },
    prefill(known: Partial<V>) {
      const typed = typedValues(empty, known as FieldValues);
      setValues((current) => ({ ...current, ...Object.fromEntries(Object.entries(typed).filter(([key]) => current[key] === empty[key])) }));
    },
  };
}

/** The fields' shown errors, then the others; each message once per target (the cart's problems repeat per line). */
function listedErrors(...groups: [message: string | undefined, target: string | undefined][][]): ListedError[] {
  const listed: ListedError[] = [];
  for (const [message, target] of groups.flat()) {
    if (message !== undefined && !listed.some((line) => line.message === message && line.target === target)) listed.push({ message, target });
  }
  return listed;
}

/** Only this form's fields, each with the type its empty value has. */
function typedValues<V extends FormValues>(empty: V, filled: FieldValues): Partial<V> {
  return Object.fromEntries(Object.entries(filled).filter(([key, value]) => key in empty && typeof empty[key] === typeof value)) as Partial<V>;
}

function allRevealed<V extends FormValues>(empty: V): Partial<Record<keyof V & string, boolean>> {
  return Object.fromEntries(Object.keys(empty).map((key) => [key, true])) as Partial<Record<keyof V & string, boolean>>;
}
