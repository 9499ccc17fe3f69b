import { apiFetch } from './api.ts';
import { $session, setLoggedIn, setLoggedOut, type SessionUser } from '../stores/session.ts';
import { checkSession } from './auth.ts';

/** The settings page's calls (issue 6); failures reach the page as ApiError with field errors. */

export async function changeDisplayName(displayName: string): Promise<void> {
  const user = await apiFetch<SessionUser>('/api/account', {
    method: 'PATCH',
    json: { displayName },
  });
  if ($session.get().user) setLoggedIn(user);
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await apiFetch('/api/account/password', { method: 'POST', json: { currentPassword, newPassword } });
}

export async function deleteAccount(password: string): Promise<void> {
  await apiFetch('/api/account', { method: 'DELETE', json: { password } });
  setLoggedOut();
}

/**
 * Mails a new confirmation link to the logged-in user's address; the server's German message
 * says what happened. When the address turned out to be confirmed already (in another tab), the
 * session is read again so the page shows it.
 */
export async function requestConfirmationLink(): Promise<string> {
  const answer = await apiFetch<{ message: string; emailVerified: boolean }>('/api/account/confirmation-link', { method: 'POST' });
  if (answer.emailVerified) await checkSession();
  return answer.message;
}

/**
 * Confirms an address with the token of a link from the mail. A browser logged in as that
 * account reads its session again, so every island sees the confirmed address at once.
 */
export async function confirmEmail(token: string): Promise<string> {
  const { message } = await apiFetch<{ message: string }>('/api/auth/confirm-email', { method: 'POST', json: { token } });
  if ($session.get().user) await checkSession();
  return message;
}

export const ACCOUNT_EXPORT_URL = '/api/account/export';
