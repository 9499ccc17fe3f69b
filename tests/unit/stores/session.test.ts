// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, checkSession, login, logout, requestResetLink, setLoggedIn, setLoggedOut, setNewPassword } from '../../../src/stores/session.ts';

describe('session', () => {
  it('is unknown with no user until the session check answers', () => {
    expect($session.get()).toEqual({ status: 'unknown', user: null });
  });

  it('login replaces the user and logout clears it', () => {
    setLoggedIn({ userId: 'u1', displayName: 'Anna Berger', userType: 'customer', email: 'anna@example.test', emailVerified: false });
    setLoggedIn({ userId: 'u2', displayName: 'Support-Team', userType: 'agent', email: 'support@example.test', emailVerified: true });
    expect($session.get()).toEqual({
      status: 'loggedIn',
      user: { userId: 'u2', displayName: 'Support-Team', userType: 'agent', email: 'support@example.test', emailVerified: true },
    });
    setLoggedOut();
    expect($session.get()).toEqual({ status: 'loggedOut', user: null });
  });
});

type FetchAnswer = Response | Error;

/** Answers the browser's requests in order; the visitor cookies count as present. */
function answer(...answers: FetchAnswer[]) {
  const fetchMock = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('unexpected request');
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const user = { userId: 'u1', displayName: 'Erika', userType: 'customer', email: 'erika@example.test', emailVerified: true };

describe('session actions (SPEC §4, §7, §8)', () => {
  beforeEach(() => {
    document.cookie = 'csrf_token=t';
    $session.set({ status: 'unknown', user: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('logs in when the check returns a userId, and out on 401, other errors, network errors or no userId', async () => {
    answer(json(200, user));
    await checkSession();
    expect($session.get()).toEqual({ status: 'loggedIn', user });
    for (const reply of [json(401, { message: 'Nicht angemeldet.' }), json(500, {}), new TypeError('offline'), json(200, { displayName: 'x' })]) {
      setLoggedIn(user);
      answer(reply);
      await checkSession();
      expect($session.get()).toEqual({ status: 'loggedOut', user: null });
    }
    // Only the unexpected failures are warned about; 401 is quiet.
    expect(console.warn).toHaveBeenCalledTimes(2);
  });

  it('shows the server message of a failed login, else the HTTP status, and the /me failure after a login', async () => {
    answer(json(401, { message: 'E-Mail-Adresse oder Passwort ist falsch.' }));
    await expect(login('a@example.test', 'x', false)).rejects.toThrow('E-Mail-Adresse oder Passwort ist falsch.');
    answer(new Response('', { status: 502 }));
    await expect(login('a@example.test', 'x', false)).rejects.toThrow('HTTP error! status: 502');
    answer(json(200, { ok: true }), json(500, {}));
    await expect(login('a@example.test', 'x', false)).rejects.toThrow('Login erfolgreich, aber Benutzerdaten konnten nicht abgerufen werden.');
    answer(json(200, { ok: true }), json(200, user));
    await login('a@example.test', 'richtig', true);
    expect($session.get().user).toEqual(user);
  });

  it('clears the user on logout even when the call fails, and hides reset failures', async () => {
    setLoggedIn(user);
    answer(new TypeError('offline'));
    await logout();
    expect($session.get()).toEqual({ status: 'loggedOut', user: null });
    answer(json(500, {}));
    await expect(requestResetLink('a@example.test')).resolves.toBeUndefined();
  });

  it('a new password from the link in the mail asks a logged-in browser again who it is: the server ended the sessions of that account', async () => {
    const visitorCalls = answer(json(200, { ok: true }));
    await setNewPassword({ token: 't', password: 'ein langes neues Passwort' });
    expect(visitorCalls).toHaveBeenCalledTimes(1);
    setLoggedIn(user);
    answer(json(200, { ok: true }), json(401, { message: 'Nicht angemeldet.' }));
    await setNewPassword({ token: 't', password: 'ein langes neues Passwort' });
    expect($session.get()).toEqual({ status: 'loggedOut', user: null });
  });

  it('checks the session of a page view only when the login left its signed_in hint (decision 0035)', async () => {
    const fetchMock = answer();
    vi.resetModules();
    const { ensureSessionChecked: freshCheck, $session: freshSession } = await import('../../../src/stores/session.ts');
    await freshCheck();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(freshSession.get()).toEqual({ status: 'loggedOut', user: null });

    document.cookie = 'signed_in=1';
    try {
      const checked = answer(json(200, user));
      vi.resetModules();
      const { ensureSessionChecked: hintedCheck, $session: hintedSession } = await import('../../../src/stores/session.ts');
      await Promise.all([hintedCheck(), hintedCheck()]);
      expect(checked).toHaveBeenCalledTimes(1);
      expect(String((checked.mock.calls[0] as unknown[])[0])).toBe('/api/auth/me');
      expect(hintedSession.get()).toEqual({ status: 'loggedIn', user });
    } finally {
      document.cookie = 'signed_in=; Max-Age=0';
    }
  });
});
