import { describe, expect, it } from 'vitest';
import forgot from '../../../netlify/functions/auth-forgot-password.mts';
import login from '../../../netlify/functions/auth-login.mts';
import me from '../../../netlify/functions/auth-me.mts';
import reset from '../../../netlify/functions/auth-reset-password.mts';
import { getDb } from '../../../src/server/db/index.ts';
import { tokenHash } from '../../../src/server/auth/tokens.ts';
import { lastMailTo, loggedIn, newAccount, post, primed } from './helpers.ts';

const SENT = 'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir einen Link zum Zurücksetzen des Passworts gesendet.';
const INVALID = 'Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen Link an.';

async function requestLink(email: string): Promise<string> {
  const visitor = await primed();
  const response = await post(visitor, forgot, '/api/auth/forgot-password', { email });
  expect(response.status).toBe(200);
  const mail = await lastMailTo(email.toLowerCase());
  const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error('no reset link in the mail');
  return token;
}

describe('forgot password', () => {
  it('answers known and unknown addresses identically and mails a link only for a known one', async () => {
    const { account } = await loggedIn();
    const visitor = await primed();
    const known = await post(visitor, forgot, '/api/auth/forgot-password', { email: account.email.toUpperCase() });
    const unknownEmail = `niemand.${Date.now()}@example.test`;
    const unknown = await post(visitor, forgot, '/api/auth/forgot-password', { email: unknownEmail });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: SENT });
    expect(await unknown.json()).toEqual({ message: SENT });
    const mail = await lastMailTo(account.email);
    expect(mail?.subject).toContain('Passwort zurücksetzen');
    expect(mail?.text_body).toMatch(/http:\/\/127\.0\.0\.1:4321\/reset-password\/[A-Za-z0-9_-]{43}\n/);
    expect(await lastMailTo(unknownEmail)).toBeUndefined();
  });

  it('stores only a hash of the token', async () => {
    const { account } = await loggedIn();
    const token = await requestLink(account.email);
    const db = await getDb();
    expect((await db.query('SELECT 1 FROM password_resets WHERE token_hash = $1', [token])).rows).toHaveLength(0);
    expect((await db.query('SELECT 1 FROM password_resets WHERE token_hash = $1', [tokenHash(token)])).rows).toHaveLength(1);
  });

  it('refuses a request without the CSRF header and a malformed address', async () => {
    const visitor = await primed();
    expect((await visitor.call(forgot, '/api/auth/forgot-password', { method: 'POST', json: { email: 'a@example.test' }, csrf: false })).status).toBe(403);
    const bad = await post(visitor, forgot, '/api/auth/forgot-password', { email: 'kein-at' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: { email: 'Ungültige E-Mail-Adresse' } });
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session of the user, and works only once', async () => {
    const { visitor, account } = await loggedIn();
    const token = await requestLink(account.email);
    const stranger = await primed();
    const done = await post(stranger, reset, '/api/auth/reset-password', { token, password: 'ganz-neues-passwort' });
    expect(done.status).toBe(200);
    // The session that was open before the reset is gone.
    expect((await visitor.call(me, '/api/auth/me')).status).toBe(401);
    expect((await post(stranger, login, '/api/auth/login', { email: account.email, password: account.password })).status).toBe(401);
    expect((await post(stranger, login, '/api/auth/login', { email: account.email, password: 'ganz-neues-passwort' })).status).toBe(200);

    const again = await post(stranger, reset, '/api/auth/reset-password', { token, password: 'noch-ein-passwort' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ message: INVALID });
  });

  it('accepts a token once even under concurrent use', async () => {
    const { account } = await loggedIn();
    const token = await requestLink(account.email);
    const visitors = await Promise.all(Array.from({ length: 5 }, () => primed()));
    const statuses = await Promise.all(
      visitors.map((v, i) => post(v, reset, '/api/auth/reset-password', { token, password: `parallel-passwort-${i}` }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
  });

  it('refuses an expired link and links older than the newest reset', async () => {
    const { account } = await loggedIn();
    const expired = await requestLink(account.email);
    const db = await getDb();
    await db.query("UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [tokenHash(expired)]);
    const visitor = await primed();
    expect((await post(visitor, reset, '/api/auth/reset-password', { token: expired, password: 'neues-passwort-1' })).status).toBe(400);

    const first = await requestLink(account.email);
    const second = await requestLink(account.email);
    expect((await post(visitor, reset, '/api/auth/reset-password', { token: second, password: 'neues-passwort-2' })).status).toBe(200);
    // A reset closes the other open links of the account too.
    expect((await post(visitor, reset, '/api/auth/reset-password', { token: first, password: 'neues-passwort-3' })).status).toBe(400);
  });

  it('checks the new password with the registration rules and refuses unknown tokens', async () => {
    const visitor = await primed();
    const { account } = await loggedIn(newAccount());
    const token = await requestLink(account.email);
    const short = await post(visitor, reset, '/api/auth/reset-password', { token, password: 'kurz' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ errors: { password: 'Das Passwort muss mindestens 8 Zeichen lang sein.' } });
    const unknown = await post(visitor, reset, '/api/auth/reset-password', { token: 'x'.repeat(43), password: 'gutes-passwort' });
    expect(await unknown.json()).toMatchObject({ message: INVALID });
    // The short attempt did not use the link up.
    expect((await post(visitor, reset, '/api/auth/reset-password', { token, password: 'gutes-passwort' })).status).toBe(200);
  });
});
