import { apiFetch } from '../http/api.ts';
import { $session, setLoggedIn, setLoggedOut } from '../../stores/session.ts';

/** The settings page's calls (issue 6); failures reach the page as ApiError with field errors. */

export async function changeDisplayName(displayName: string): Promise<void> {
  const user = await apiFetch<{ userId: string; displayName: string; userType: string }>('/api/account', {
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

export const ACCOUNT_EXPORT_URL = '/api/account/export';
