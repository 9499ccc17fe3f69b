import { auth } from './styles.ts';

/** The message below a field; its id is what the field's aria-describedby points to. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={auth.error}>
      {message}
    </p>
  ) : null;
}

/** aria attributes of a field that may carry a message. */
export function errorProps(id: string, message: string | undefined) {
  return { 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? id : undefined };
}
