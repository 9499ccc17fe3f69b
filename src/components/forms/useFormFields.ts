import { useState } from 'react';
import * as v from 'valibot';
import type { FieldValues } from '../../lib/forms/autofill.ts';
import type { PostedFields } from '../../lib/forms/posted-form.ts';
import { fieldErrors } from '../../lib/schemas/issues.ts';

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

/** A form held by useFormFields: its fields' state, the schema's typed output, and what sending needs. */
export interface FormFields<V extends FormValues, O = unknown> extends FieldState<V> {
  idPrefix: string;
  invalid: boolean;
  /** The schema's errors of the current values, shown or not (e.g. to focus the first one). */
  errors: Record<string, string>;
  /** The schema's output when valid (e.g. for the receipt), else null. */
  output: O | null;
  serverErrors: Record<string, string>;
  /** On submit: every error shows; answers whether the form may be sent. */
  touchAll(): boolean;
  /** The server's field errors of a refused send, shown at once. */
  refuse(errors: Record<string, string>): void;
  reset(): void;
  /** Values of a dropped JSON file or vCard, limited to this form's text and checkbox fields. */
  autofill(filled: FieldValues): void;
}

interface FormOptions<V extends FormValues> {
  /** Starts the form with a post's values and errors, for the page the server answers without JavaScript. */
  posted?: PostedFields | undefined;
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
  const { posted, reveal = 'change', onChange } = options;
  const ids: Partial<Record<keyof V & string, string>> = options.ids ?? {};
  const [values, setValues] = useState<V>(() => (posted ? { ...empty, ...typedValues(empty, posted.values) } : empty));
  const [revealed, setRevealed] = useState<Partial<Record<keyof V & string, boolean>>>(() =>
    posted && Object.keys(posted.errors).length > 0 ? allRevealed(empty) : {},
  );
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(posted?.errors ?? {});

  const result = v.safeParse(schema, values);
  const errors: Record<string, string> = result.success ? {} : fieldErrors(result.issues);
  const invalid = !result.success;
  const id = (field: keyof V & string) => ids[field] ?? `${idPrefix}-${field}`;

  return {
    idPrefix,
    values,
    invalid,
    errors,
    output: result.success ? (result.output as v.InferOutput<S>) : null,
    shown(field: keyof V & string): string | undefined {
      return revealed[field] ? (errors[field] ?? serverErrors[field]) : undefined;
    },
    serverErrors,
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
      return !invalid;
    },
    refuse(errors: Record<string, string>) {
      setServerErrors(errors);
      setRevealed(allRevealed(empty));
    },
    reset() {
      setValues(empty);
      setRevealed({});
      setServerErrors({});
    },
    autofill(filled: FieldValues) {
      const known = typedValues(empty, filled);
      setValues((current) => ({ ...current, ...known }));
      setRevealed((current) => ({ ...current, ...Object.fromEntries(Object.keys(known).map((key) => [key, true])) }));
    },
  };
}

/** Only this form's fields, each with the type its empty value has. */
function typedValues<V extends FormValues>(empty: V, filled: FieldValues): Partial<V> {
  return Object.fromEntries(Object.entries(filled).filter(([key, value]) => key in empty && typeof empty[key] === typeof value)) as Partial<V>;
}

function allRevealed<V extends FormValues>(empty: V): Partial<Record<keyof V & string, boolean>> {
  return Object.fromEntries(Object.keys(empty).map((key) => [key, true])) as Partial<Record<keyof V & string, boolean>>;
}
