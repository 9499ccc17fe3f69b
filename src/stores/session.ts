import { atom } from 'nanostores';
import * as accountApi from '../client/account.ts';
import { ApiError, readableCookie } from '../client/api.ts';
import * as authApi from '../client/auth.ts';
import { SIGNED_IN_COOKIE } from '../lib/auth/signed-in.ts';
import type { SessionUser } from '../lib/auth/session-user.ts';

export type { SessionUser };

/** 'unknown' until the session check answers (SPEC §4); islands treat it like logged out. */
export type SessionStatus = 'unknown' | 'loggedIn' | 'loggedOut';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

export const $session = atom<SessionState>({ status: 'unknown', user: null });

/** A successful login or session check replaces the user (SPEC §4). */
export function setLoggedIn(user: SessionUser): void {
  $session.set({ status: 'loggedIn', user });
}

/** No user: the session check said so, or the user logged out. */
export function setLoggedOut(): void {
  $session.set({ status: 'loggedOut', user: null });
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
    const body = await authApi.fetchCurrentUser();
    if (isUser(body)) {
      const email = typeof body.email === 'string' ? body.email : '';
      setLoggedIn({ userId: body.userId, displayName: body.displayName, userType: body.userType, email, emailVerified: body.emailVerified === true });
    }
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

/** Logs in and reads the user; a failure is an AuthError the login dialog shows as it is. */
export async function login(email: string, password: string, rememberMe: boolean, captcha?: string): Promise<void> {
  await authApi.postLogin(email, password, rememberMe, captcha);
  await checkSession();
  if ($session.get().status !== 'loggedIn') throw new authApi.AuthError(authApi.authClientMessages.loginWithoutUser);
}

/** Registers an account; the user logs in only after confirming the address (issue 19). */
export function register(registration: authApi.Registration): Promise<void> {
  return authApi.postRegistration(registration);
}

/**
 * SPEC §4/§8: the dialog shows its success view whatever happens here, so nobody can tell
 * whether an account exists; a failure is only logged.
 */
export async function requestResetLink(email: string): Promise<void> {
  try {
    await authApi.postForgotPassword(email);
  } catch (error) {
    console.warn('Link zum Zurücksetzen konnte nicht angefordert werden:', error);
  }
}

/**
 * Sets a new password with the token of the link from the mail. The server ends every session of
 * that account (the page says so): a browser logged in asks again who it is, and is logged out
 * when it was that account.
 */
export async function setNewPassword(reset: { token: string; password: string }): Promise<void> {
  await authApi.postNewPassword(reset);
  if ($session.get().status === 'loggedIn') await checkSession();
}

/** Logs out at once in this browser (SPEC §4: also when the call fails, which is only logged). */
export async function logout(): Promise<void> {
  setLoggedOut();
  try {
    await authApi.postLogout();
  } catch (error) {
    console.warn('Abmelden beim Server fehlgeschlagen:', error);
  }
}

/** The settings page's new name, shown at once in every island of a logged-in page. */
export async function changeDisplayName(displayName: string): Promise<void> {
  const user = await accountApi.patchDisplayName(displayName);
  if ($session.get().user) setLoggedIn(user);
}

/** Deletes the account (confirmed by its password); the browser is logged out with it. */
export async function deleteOwnAccount(password: string): Promise<void> {
  await accountApi.requestAccountDeletion(password);
  setLoggedOut();
}

/**
 * Mails a new confirmation link to the logged-in user's address and returns the server's German
 * message. When the address turned out to be confirmed already (in another tab), the session is
 * read again so the page shows it.
 */
export async function requestConfirmationLink(): Promise<string> {
  const answer = await accountApi.postConfirmationLink();
  if (answer.emailVerified) await checkSession();
  return answer.message;
}

/**
 * Confirms an address with the token of a link from the mail. A browser logged in as that
 * account reads its session again, so every island sees the confirmed address at once.
 */
export async function confirmEmail(token: string): Promise<string> {
  const { message } = await accountApi.postEmailConfirmation(token);
  if ($session.get().user) await checkSession();
  return message;
}
