import { ApiError, apiFetch, readableCookie } from './api.ts';
import { $session, setLoggedIn, setLoggedOut, type SessionUser } from '../stores/session.ts';
import { SIGNED_IN_COOKIE } from '../lib/auth/signed-in.ts';

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

function isUser(body: unknown): body is SessionUser {
  const user = body as Partial<SessionUser> | null;
  return typeof user?.userId === 'string' && user.userId !== '' && typeof user.displayName === 'string' && typeof user.userType === 'string';
}

/**
 * SPEC §4/§7: asks the server who is logged in. A user with a userId logs in; 401 logs out
 * quietly; any other answer or a network error logs out with a warning.
 */
export async function checkSession(): Promise<void> {
  try {
    const body = await apiFetch<unknown>('/api/auth/me');
    if (isUser(body)) setLoggedIn({ userId: body.userId, displayName: body.displayName, userType: body.userType, emailVerified: body.emailVerified === true });
    else setLoggedOut();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) console.warn('Sitzung konnte nicht geprüft werden:', error);
    setLoggedOut();
  }
}

let firstCheck: Promise<void> | undefined;

/**
 * The session check of this page view, run once however many islands ask for it. Only a browser
 * whose login left the signed-in hint asks the server; any other is logged out without a request,
 * so reading pages sends nothing to /api (decision 0035).
 */
export function ensureSessionChecked(): Promise<void> {
  firstCheck ??= readableCookie(SIGNED_IN_COOKIE) ? checkSession() : Promise.resolve(setLoggedOut());
  return firstCheck;
}

export async function login(email: string, password: string, rememberMe: boolean): Promise<void> {
  try {
    await apiFetch('/api/auth/login', { method: 'POST', json: { email, password, rememberMe } });
  } catch (error) {
    throw authError(error, authClientMessages.loginFailed, authClientMessages.loginUnknown);
  }
  await checkSession();
  if ($session.get().status !== 'loggedIn') throw new AuthError(authClientMessages.loginWithoutUser);
}

export async function register(email: string, password: string, displayName: string): Promise<void> {
  try {
    await apiFetch('/api/auth/register', { method: 'POST', json: { email, password, displayName } });
  } catch (error) {
    throw authError(error, authClientMessages.registerFailed, authClientMessages.registerUnknown);
  }
}

/**
 * SPEC §4/§8: the dialog shows its success view whatever happens here, so nobody can tell
 * whether an account exists; a failure is only logged.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    await apiFetch('/api/auth/forgot-password', { method: 'POST', json: { email } });
  } catch (error) {
    console.warn('Link zum Zurücksetzen konnte nicht angefordert werden:', error);
  }
}

/** Logs out at once in this browser (SPEC §4: also when the call fails, which is only logged). */
export async function logout(): Promise<void> {
  setLoggedOut();
  try {
    await apiFetch('/api/auth/logout', { method: 'POST' });
  } catch (error) {
    console.warn('Abmelden beim Server fehlgeschlagen:', error);
  }
}
