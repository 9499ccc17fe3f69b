import { useState } from 'react';
import * as v from 'valibot';
import type { FieldValues } from '../../lib/forms/autofill.ts';
import { fieldErrors } from '../../lib/schemas/issues.ts';

export type FormValues = Record<string, string | boolean | string[]>;

/** A form the server answers to a post without JavaScript: what was typed, and what was wrong with it. */
export interface PostedFields {
  values: Record<string, string>;
  errors: Record<string, string>;
}

/**
 * Values, errors and touched state of a form validated with its shared schema (the same the
 * function uses): errors show once a field was changed or the form was sent, the server's
 * field errors until the next change. Nothing typed is lost on an error. `posted` starts the
 * form with a post's values and errors, for the page the server answers without JavaScript.
 */
export function useFormFields<V extends FormValues>(idPrefix: string, schema: v.GenericSchema, empty: V, posted?: PostedFields) {
  const [values, setValues] = useState<V>(() => (posted ? { ...empty, ...typedValues(empty, posted.values) } : empty));
  const [touched, setTouched] = useState<Partial<Record<keyof V & string, boolean>>>(() =>
    posted && Object.keys(posted.errors).length > 0 ? allTouched(empty) : {},
  );
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(posted?.errors ?? {});

  const result = v.safeParse(schema, values);
  const errors: Record<string, string> = result.success ? {} : fieldErrors(result.issues);
  const invalid = !result.success;

  function shown(field: keyof V & string): string | undefined {
    return touched[field] ? (errors[field] ?? serverErrors[field]) : undefined;
  }

  return {
    idPrefix,
    values,
    invalid,
    /** The schema's output when valid (e.g. for the receipt), else null. */
    output: result.success ? result.output : null,
    shown,
    serverErrors,
    id: (field: string) => `${idPrefix}-${field}`,
    errorId: (field: string) => `${idPrefix}-${field}-error`,
    change<F extends keyof V & string>(field: F, value: V[F]) {
      setValues((current) => ({ ...current, [field]: value }));
      setTouched((current) => ({ ...current, [field]: true }));
      setServerErrors({});
    },
    /** On submit: every error shows. */
    touchAll() {
      setTouched(allTouched(empty));
      return !invalid;
    },
    setServerErrors,
    reset() {
      setValues(empty);
      setTouched({});
      setServerErrors({});
    },
    /** Values of a dropped JSON file or vCard, limited to this form's text and checkbox fields. */
    autofill(filled: FieldValues) {
      const known = typedValues(empty, filled);
      setValues((current) => ({ ...current, ...known }));
      setTouched((current) => ({ ...current, ...Object.fromEntries(Object.keys(known).map((key) => [key, true])) }));
    },
  };
}

/** Only this form's fields, each with the type its empty value has. */
function typedValues<V extends FormValues>(empty: V, filled: FieldValues): Partial<V> {
  return Object.fromEntries(Object.entries(filled).filter(([key, value]) => key in empty && typeof empty[key] === typeof value)) as Partial<V>;
}

function allTouched<V extends FormValues>(empty: V): Partial<Record<keyof V & string, boolean>> {
  return Object.fromEntries(Object.keys(empty).map((key) => [key, true])) as Partial<Record<keyof V & string, boolean>>;
}

export type FormFields<V extends FormValues> = ReturnType<typeof useFormFields<V>>;
