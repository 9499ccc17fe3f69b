import { ApiError } from '../client/api.ts';
import { checkSession } from './session.ts';

/** The message a failed call shows: the server's German text, else a general one. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return 'Die Verbindung zum Server ist fehlgeschlagen. Bitte versuchen Sie es erneut.';
}

/**
 * A failed call of the agent dashboard. When the session ended or lost the agent role meanwhile
 * (401/403), the session is read again, which shows the right notice instead of the dashboard;
 * anything else goes to `show` as text.
 */
export function reportAgentFailure(error: unknown, show: (message: string) => void): void {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) void checkSession();
  else show(failureMessage(error));
}
