import { formatReceivedAt, germanDate } from '../../lib/forms/dates.ts';
import { ApiError } from '../../client/api.ts';

/** German date and time in German time, e.g. '23.11.2026, 11:19 Uhr'. */
export function dateTime(iso: string): string {
  const { date, time } = formatReceivedAt(iso);
  return `${date}, ${time.replace(/:\d\d Uhr$/, ' Uhr')}`;
}

export { germanDate };

/** The message a failed call shows: the server's German text, else a general one. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return 'Die Verbindung zum Server ist fehlgeschlagen. Bitte versuchen Sie es erneut.';
}

/** True when the session ended or lost the agent role while the dashboard was open. */
function isAccessError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** A failed call: a lost session or role goes to `onAccessLost`, anything else is shown as text. */
export function reportFailure(error: unknown, onAccessLost: () => void, show: (message: string) => void): void {
  if (isAccessError(error)) onAccessLost();
  else show(failureMessage(error));
}
