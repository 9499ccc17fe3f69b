/**
 * The message below a field; its id is what the field's aria-describedby points to. Every form
 * shows field errors through this (the kit's fields, and the agent's few hand-made ones).
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
      {message}
    </p>
  ) : null;
}
