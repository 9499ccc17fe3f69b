import { ApiError, apiFetch } from './api.ts';

/** The login API (SPEC §4, §7, §8) without state: src/stores/session.ts holds who is logged in. */

/** SPEC §8: the texts a failed login or registration shows when the server sent none. */
export const authClientMessages = {
  loginFailed: 'Login fehlgeschlagen.',
  loginUnknown: 'Ein unbekannter Fehler ist aufgetreten beim Login.',
  loginWithoutUser: 'Login erfolgreich, aber Benutzerdaten konnten nicht abgerufen werden.',
  registerFailed: 'Registrierung fehlgeschlagen.',
  registerUnknown: 'Ein unbekannter Fehler ist aufgetreten bei der Registrierung.',
} as const;

/** A failure the login dialog shows as it is (already in German). */
export class AuthError extends Error {
  readonly errors: Record<string, string>;

  constructor(message: string, errors: Record<string, string> = {}) {
    super(message);
    this.name = 'AuthError';
    this.errors = errors;
  }
}

function authError(error: unknown, failed: string, unknown: string): AuthError {
  if (error instanceof ApiError) return new AuthError(error.message || failed, error.errors);
  if (error instanceof Error) return new AuthError(error.message || failed);
  return new AuthError(unknown);
}

/** GET /api/auth/me: the logged-in user as the server sends it; 401 (ApiError) when nobody is. */
export function fetchCurrentUser(): Promise<unknown> {
  return apiFetch<unknown>('/api/auth/me');
}

/** Sets the session cookie; a refusal is an AuthError with the server's German message. */
export async function postLogin(email: string, password: string, rememberMe: boolean): Promise<void> {
  try {
    await apiFetch('/api/auth/login', { method: 'POST', json: { email, password, rememberMe } });
  } catch (error) {
    throw authError(error, authClientMessages.loginFailed, authClientMessages.loginUnknown);
  }
}

export async function postRegistration(email: string, password: string, displayName: string): Promise<void> {
  try {
    await apiFetch('/api/auth/register', { method: 'POST', json: { email, password, displayName } });
  } catch (error) {
    throw authError(error, authClientMessages.registerFailed, authClientMessages.registerUnknown);
  }
}

/** Asks for the mail with a link to set a new password. */
export async function postForgotPassword(email: string): Promise<void> {
  await apiFetch('/api/auth/forgot-password', { method: 'POST', json: { email } });
}

export async function postLogout(): Promise<void> {
  await apiFetch('/api/auth/logout', { method: 'POST' });
}
