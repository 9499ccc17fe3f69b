import type { SessionUser } from '../lib/auth/session-user.ts';
import { accountConfirmationLink, accountDelete, accountExport, accountPassword, accountUpdate, authConfirmEmail } from '../features/accounts/routes.ts';
import { routeUrl } from '../lib/http/route.ts';
import { api } from './api.ts';

/** The settings page's calls (issue 6); failures reach the page as ApiError with field errors. */

/** The user as stored after the change. */
export function patchDisplayName(displayName: string): Promise<SessionUser> {
  return api(accountUpdate, { body: { displayName } });
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await api(accountPassword, { body: { currentPassword, newPassword } });
}

/** Deletes the account, confirmed by the password. */
export async function requestAccountDeletion(password: string): Promise<void> {
  await api(accountDelete, { body: { password } });
}

/** Mails a new confirmation link; the server's German message says what happened. */
export function postConfirmationLink(): Promise<{ message: string; emailVerified: boolean }> {
  return api(accountConfirmationLink);
}

/** Confirms an address with the token of a link from the mail. */
export function postEmailConfirmation(token: string): Promise<{ message: string }> {
  return api(authConfirmEmail, { body: { token } });
}

export const ACCOUNT_EXPORT_URL = routeUrl(accountExport);
