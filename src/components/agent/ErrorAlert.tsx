import { Alert } from '../ui/Alert.tsx';

/** A German message of a failed step, announced at once; nothing while there is none. */
export function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert tone="error">{message}</Alert>;
}
