import type * as v from 'valibot';
import { failureMessage, useSubmission } from '../forms/submission.tsx';
import { useFormFields } from '../forms/useFormFields.ts';

interface AccountFormOptions<V> {
  /** Ids that differ from `${idPrefix}-${field}`. */
  ids?: Partial<Record<keyof V & string, string>>;
  /** Empty the fields after a successful save (passwords must not linger in the form). */
  clearAfterSave?: boolean;
}

/**
 * One small account form on the form kit: the fields' errors show after sending (from the shared
 * schema first, then from the server), summed up above the form, and hide while a field is
 * changed; `save` answers the outcome's text. What the user typed stays on error.
 */
export function useAccountForm<S extends v.GenericSchema, V extends Record<string, string | boolean>>(
  idPrefix: string,
  schema: S,
  initial: V,
  save: (values: v.InferOutput<S>) => Promise<string>,
  { ids, clearAfterSave = false }: AccountFormOptions<V> = {},
) {
  const submission = useSubmission();
  const form = useFormFields(idPrefix, schema, initial, { ids, reveal: 'submit', onChange: () => submission.setOutcome(null) });

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const output = form.output;
    if (!form.touchAll() || output === null) return;
    try {
      const message = await submission.send(() => save(output));
      if (clearAfterSave) form.reset();
      submission.setOutcome({ ok: true, message });
    } catch (error) {
      const errors = (error as { errors?: Record<string, string> }).errors ?? {};
      form.refuse(errors);
      // A refusal naming fields is said by the fields and the error summary; the server's message
      // is then one of theirs (a weak password's advice), which the line below the button would repeat.
      if (Object.keys(errors).length === 0) submission.setOutcome({ ok: false, message: failureMessage(error) });
    }
  }

  return { form, sending: submission.sending, outcome: submission.outcome, submit };
}
