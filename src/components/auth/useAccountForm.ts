import { useState } from 'react';
import * as v from 'valibot';
import { fieldErrors } from '../../lib/schemas/issues.ts';

/**
 * State of one small settings form: values, field errors (from the shared schema first, then
 * from the server), a busy flag and the outcome message. What the user typed stays on error.
 */
export function useAccountForm<S extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  schema: S,
  initial: v.InferInput<S>,
  save: (values: v.InferOutput<S>) => Promise<string>,
  /** Empty the fields after a successful save (passwords must not linger in the form). */
  clearAfterSave = false,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const change = (field: keyof v.InferInput<S> & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
    setResult(null);
  };

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = v.safeParse(schema, values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setBusy(true);
    try {
      const message = await save(parsed.output);
      if (clearAfterSave) setValues(initial);
      setResult({ ok: true, message });
    } catch (error) {
      setErrors((error as { errors?: Record<string, string> }).errors ?? {});
      setResult({ ok: false, message: error instanceof Error ? error.message : 'Ein unbekannter Fehler ist aufgetreten.' });
    } finally {
      setBusy(false);
    }
  }

  return { values, errors, busy, result, change, submit };
}
