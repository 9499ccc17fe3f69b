import { describe, expect, it } from 'vitest';
import login from '../../../netlify/functions/auth-login.mts';
import logout from '../../../netlify/functions/auth-logout.mts';
import me from '../../../netlify/functions/auth-me.mts';
import register from '../../../netlify/functions/auth-register.mts';
import { newAccount, post, primed } from './helpers.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

describe('registration', () => {
  it('creates an account (201), normalises the e-mail and answers a duplicate exactly alike (email-verification.test.ts)', async () => {
    const visitor = await primed();
    const account = newAccount();
    const created = await post(visitor, register, '/api/auth/register', withProofOfWork({ ...account, email: account.email.toUpperCase() }));
    expect(created.status).toBe(201);
    const duplicate = await post(visitor, register, '/api/auth/register', withProofOfWork(account));
    expect(duplicate.status).toBe(201);
    expect(await duplicate.json()).toEqual(await created.json());
    const loggedIn = await post(visitor, login, '/api/auth/login', { email: account.email, password: account.password });
    expect(loggedIn.status).toBe(200);
  });

  it('checks display name and password length (8 to 256 characters after NFC, decision 0038)', async () => {
    const visitor = await primed();
    const blank = await post(visitor, register, '/api/auth/register', withProofOfWork({ ...newAccount(), displayName: '   ' }));
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ errors: { displayName: 'Anzeigename ist erforderlich für die Registrierung.' } });
    const short = await post(visitor, register, '/api/auth/register', withProofOfWork({ ...newAccount(), password: '1234567' }));
    expect(((await short.json()) as { errors: Record<string, string> }).errors.password).toBe('Das Passwort muss mindestens 8 Zeichen lang sein.');
    const tooLong = await post(visitor, register, '/api/auth/register', withProofOfWork({ ...newAccount(), password: 'Quarkstrudel-' + 'ä'.repeat(244) }));
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { errors: Record<string, string> }).errors.password).toBe('Das Passwort darf höchstens 256 Zeichen lang sein.');
  });
});

describe('login, session and logout', () => {
  it('answers unknown e-mail and wrong password identically', async () => {
    const visitor = await primed();
    const account = newAccount();
    await post(visitor, register, '/api/auth/register', withProofOfWork(account));
    const wrong = await post(visitor, login, '/api/auth/login', { email: account.email, password: 'falsch-falsch' });
    const unknown = await post(visitor, login, '/api/auth/login', { email: `x${account.email}`, password: 'falsch-falsch' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('starts a new HttpOnly session, shows the user, and revokes it on logout', async () => {
    const visitor = await primed();
    const account = newAccount();
    await post(visitor, register, '/api/auth/register', withProofOfWork(account));
    expect((await visitor.call(me, '/api/auth/me')).status).toBe(401);
    const response = await post(visitor, login, '/api/auth/login', { email: account.email, password: account.password });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).not.toContain('Max-Age');
    const current = await visitor.call(me, '/api/auth/me');
    expect(await current.json()).toMatchObject({ displayName: 'Erika Mustermann', userType: 'customer' });

    const stolen = visitor.cookies.get('session')!;
    expect((await visitor.call(logout, '/api/auth/logout', { method: 'POST' })).status).toBe(204);
    visitor.cookies.set('session', stolen);
    expect((await visitor.call(me, '/api/auth/me')).status).toBe(401);
  });

  it("keeps a remembered session's cookie for its 12 hours and never reuses a session brought along (fixation)", async () => {
    const visitor = await primed();
    const account = newAccount();
    await post(visitor, register, '/api/auth/register', withProofOfWork(account));
    const first = await post(visitor, login, '/api/auth/login', { ...account, rememberMe: true });
    expect(first.headers.getSetCookie().find((c) => c.startsWith('session='))).toContain('Max-Age=43200');
    const before = visitor.cookies.get('session')!;
    await post(visitor, login, '/api/auth/login', { email: account.email, password: account.password });
    const after = visitor.cookies.get('session')!;
    expect(after).not.toBe(before);
    visitor.cookies.set('session', before);
    expect((await visitor.call(me, '/api/auth/me')).status).toBe(401);
  });

  it('sets the readable signed_in hint beside the session with its lifetime, and ends it on logout or a refused check (decision 0035)', async () => {
    const visitor = await primed();
    const account = newAccount();
    await post(visitor, register, '/api/auth/register', withProofOfWork(account));
    const short = await post(visitor, login, '/api/auth/login', { email: account.email, password: account.password });
    const hint = short.headers.getSetCookie().find((c) => c.startsWith('signed_in='))!;
    expect(hint).toMatch(/^signed_in=1; /);
    expect(hint).not.toContain('HttpOnly');
    expect(hint).not.toContain('Max-Age');
    const remembered = await post(visitor, login, '/api/auth/login', { ...account, rememberMe: true });
    expect(remembered.headers.getSetCookie().find((c) => c.startsWith('signed_in='))).toContain('Max-Age=43200');

    const out = await visitor.call(logout, '/api/auth/logout', { method: 'POST' });
    expect(out.headers.getSetCookie().find((c) => c.startsWith('signed_in='))).toContain('Max-Age=0');

    // A hint whose session is gone (expired, revoked elsewhere) is ended by the check it caused.
    visitor.cookies.set('signed_in', '1');
    const refused = await visitor.call(me, '/api/auth/me');
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie()).toEqual([expect.stringMatching(/^signed_in=; .*Max-Age=0/)]);
    visitor.cookies.delete('signed_in');
    expect((await visitor.call(me, '/api/auth/me')).headers.getSetCookie()).toEqual([]);
  });

  it('refuses login without the CSRF header', async () => {
    const visitor = await primed();
    const response = await visitor.call(login, '/api/auth/login', { method: 'POST', json: { email: 'a@example.test', password: 'x' }, csrf: false });
    expect(response.status).toBe(403);
  });
});
