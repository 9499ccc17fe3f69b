import * as v from 'valibot';
// German fallbacks for every message a schema does not name itself (issue-messages.ts).
import './issue-messages.ts';

/** What a refused input is summed up with: the server's 400 answer and the heading of a form's error summary. */
export const INVALID_INPUT = 'Bitte überprüfen Sie Ihre Eingaben.';

/**
 * Turns valibot issues into `{ field: message }` with the first message per field, the
 * shape of the `errors` object in every 400 answer and of a form's inline errors.
 * Issues without a path (the whole value is wrong) are keyed by '' .
 */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The value itself, typed as what the schema takes, once the schema accepts it; the ValiError with
 * its issues otherwise. What a browser sends to a route whose function reads it with the same
 * schema: the input as typed, not the schema's output – a German date the schema turns into ISO, or
 * a budget it turns into cents, would not pass the server's reading a second time.
 */
export function acceptedInput<S extends v.GenericSchema>(schema: S, value: unknown): v.InferInput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new v.ValiError(result.issues);
  // The schema accepted this very value, so it is of its input type.
  return value as v.InferInput<S>;
}
