import { ui } from './styles.ts';

/** A German message of a failed step, announced at once; nothing while there is none. */
export function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={ui.error}>
      {message}
    </p>
  );
}
