import { apiFetch } from './api.ts';
import type { SessionUser } from '../lib/auth/session-user.ts';

/** The settings page's calls (issue 6); failures reach the page as ApiError with field errors. */

/** PATCH /api/account: the user as stored after the change. */
export function patchDisplayName(displayName: string): Promise<SessionUser> {
  return apiFetch<SessionUser>('/api/account', { method: 'PATCH', json: { displayName } });
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await apiFetch('/api/account/password', { method: 'POST', json: { currentPassword, newPassword } });
}

/** DELETE /api/account, confirmed by the password. */
export async function requestAccountDeletion(password: string): Promise<void> {
  await apiFetch('/api/account', { method: 'DELETE', json: { password } });
}

/** Mails a new confirmation link; the server's German message says what happened. */
export function postConfirmationLink(): Promise<{ message: string; emailVerified: boolean }> {
  return apiFetch('/api/account/confirmation-link', { method: 'POST' });
}

/** Confirms an address with the token of a link from the mail. */
export function postEmailConfirmation(token: string): Promise<{ message: string }> {
  return apiFetch('/api/auth/confirm-email', { method: 'POST', json: { token } });
}

export const ACCOUNT_EXPORT_URL = '/api/account/export';
