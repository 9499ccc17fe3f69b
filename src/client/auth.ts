import type { HashcashSolution } from '../lib/hashcash/index.ts';
import { errorCodes } from '../lib/http/error-codes.ts';
import { routeUrl } from '../lib/http/route.ts';
import { authForgotPassword, authGoogle, authLogin, authLogout, authMe, authProviders, authRegister, authResetPassword } from '../features/accounts/routes.ts';
import type { SessionUser } from '../lib/auth/session-user.ts';
import { ApiError, api } from './api.ts';

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
  /** The server's machine-readable reason (lib/http/error-codes.ts), e.g. that a challenge is needed. */
  readonly code: string | undefined;

  constructor(message: string, errors: Record<string, string> = {}, code?: string) {
    super(message);
    this.name = 'AuthError';
    this.errors = errors;
    this.code = code;
  }
}

function authError(error: unknown, failed: string, unknown: string): AuthError {
  if (error instanceof ApiError) return new AuthError(error.message || failed, error.errors, error.code);
  if (error instanceof Error) return new AuthError(error.message || failed);
  return new AuthError(unknown);
}

/** The logged-in user as the server sends it; 401 (ApiError) when nobody is. */
export function fetchCurrentUser(): Promise<SessionUser> {
  return api(authMe);
}

/**
 * Sets the session cookie; a refusal is an AuthError with the server's German message. `captcha`:
 * the code typed once the server asked for the challenge (decision 0065).
 */
export async function postLogin(email: string, password: string, rememberMe: boolean, captcha?: string): Promise<void> {
  try {
    await api(authLogin, { body: { email, password, rememberMe, ...(captcha === undefined ? {} : { captcha }) } });
  } catch (error) {
    throw authError(error, authClientMessages.loginFailed, authClientMessages.loginUnknown);
  }
}

/** What the registration form sends: the account's data and the proof of work (decision 0063). */
export interface Registration {
  email: string;
  password: string;
  displayName: string;
  hashcash_solutions: HashcashSolution[];
}

export async function postRegistration(registration: Registration): Promise<void> {
  try {
    await api(authRegister, { body: registration });
  } catch (error) {
    // Refused solutions are the form's to replace (src/client/resend-on-refusal.ts).
    if (error instanceof ApiError && error.code === errorCodes.proofOfWorkRefused) throw error;
    throw authError(error, authClientMessages.registerFailed, authClientMessages.registerUnknown);
  }
}

/** Asks for the mail with a link to set a new password. */
export async function postForgotPassword(email: string): Promise<void> {
  await api(authForgotPassword, { body: { email } });
}

/** Sets the new password with the token of the link from the mail. */
export async function postNewPassword(reset: { token: string; password: string }): Promise<void> {
  await api(authResetPassword, { body: reset });
}

/** Whether the server offers the sign-in with Google. */
export async function googleOffered(): Promise<boolean> {
  return (await api(authProviders)).google === true;
}

/** Where the sign-in with Google starts; the browser comes back to `returnTo` afterwards. */
export function googleSignInHref(returnTo: string): string {
  return routeUrl(authGoogle, { query: { returnTo } });
}

export async function postLogout(): Promise<void> {
  await api(authLogout);
}
