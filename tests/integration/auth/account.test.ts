import { describe, expect, it } from 'vitest';
import account from '../../../netlify/functions/account.mts';
import accountExport from '../../../netlify/functions/account-export.mts';
import accountPassword from '../../../netlify/functions/account-password.mts';
import login from '../../../netlify/functions/auth-login.mts';
import me from '../../../netlify/functions/auth-me.mts';
import { requireAgent } from '../../../src/server/auth/guard.ts';
import { createSession, SESSION_COOKIE } from '../../../src/server/auth/session.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { HttpError } from '../../../src/server/http/errors.ts';
import { loggedIn, newAccount, post, primed } from './helpers.ts';

describe('account settings', () => {
  it('changes the display name (trimmed, required) and refuses visitors without a session', async () => {
    const { visitor } = await loggedIn();
    const changed = await visitor.call(account, '/api/account', { method: 'PATCH', json: { displayName: '  Erika M.  ' } });
    expect(changed.status).toBe(200);
    expect(await (await visitor.call(me, '/api/auth/me')).json()).toMatchObject({ displayName: 'Erika M.' });
    const blank = await visitor.call(account, '/api/account', { method: 'PATCH', json: { displayName: ' ' } });
    expect(await blank.json()).toMatchObject({ errors: { displayName: 'Anzeigename ist erforderlich für die Registrierung.' } });
    const anonymous = await primed();
    expect((await anonymous.call(account, '/api/account', { method: 'PATCH', json: { displayName: 'X' } })).status).toBe(401);
    expect((await visitor.call(account, '/api/account', { method: 'PATCH', json: { displayName: 'X' }, csrf: false })).status).toBe(403);
  });

  it('changes the password with the current one and ends the other sessions only', async () => {
    const { visitor, account: credentials } = await loggedIn();
    const otherDevice = await primed();
    await post(otherDevice, login, '/api/auth/login', { email: credentials.email, password: credentials.password });
    const wrong = await post(visitor, accountPassword, '/api/account/password', { currentPassword: 'falsch-falsch', newPassword: 'neues-passwort-1' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ errors: { currentPassword: 'Das aktuelle Passwort ist falsch.' } });
    const done = await post(visitor, accountPassword, '/api/account/password', { currentPassword: credentials.password, newPassword: 'neues-passwort-1' });
    expect(done.status).toBe(200);
    expect((await visitor.call(me, '/api/auth/me')).status).toBe(200);
    expect((await otherDevice.call(me, '/api/auth/me')).status).toBe(401);
    expect((await post(otherDevice, login, '/api/auth/login', { email: credentials.email, password: 'neues-passwort-1' })).status).toBe(200);
  });

  it('throttles guessing the current password with a stolen session', async () => {
    const { visitor } = await loggedIn();
    for (let i = 0; i < 10; i++) {
      const response = await post(visitor, accountPassword, '/api/account/password', { currentPassword: `rate-${i}-xxxx`, newPassword: 'neues-passwort-1' });
      expect(response.status).toBe(400);
    }
    const blocked = await post(visitor, accountPassword, '/api/account/password', { currentPassword: 'noch-einmal', newPassword: 'neues-passwort-1' });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });

  it('exports the user\'s data as a JSON download without any secret', async () => {
    const { visitor, account: credentials } = await loggedIn();
    const response = await visitor.call(accountExport, '/api/account/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="meine-daten-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await response.text();
    const data = JSON.parse(text) as { account: Record<string, unknown>; activeSessions: unknown[] };
    expect(data.account).toMatchObject({ email: credentials.email, displayName: 'Erika Mustermann', userType: 'customer', hasPassword: true });
    expect(data.activeSessions).toHaveLength(1);
    expect(text).not.toMatch(/\$2[aby]\$/);
    expect(text).not.toContain(visitor.cookies.get(SESSION_COOKIE));
    expect((await (await primed()).call(accountExport, '/api/account/export')).status).toBe(401);
  });

  it('deletes the account with the current password: sessions end and the address is free again', async () => {
    const { visitor, account: credentials } = await loggedIn();
    const wrong = await visitor.call(account, '/api/account', { method: 'DELETE', json: { password: 'falsch-falsch' } });
    expect(wrong.status).toBe(400);
    expect((await visitor.call(me, '/api/auth/me')).status).toBe(200);
    const session = visitor.cookies.get(SESSION_COOKIE);
    const deleted = await visitor.call(account, '/api/account', { method: 'DELETE', json: { password: credentials.password } });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.getSetCookie().some((c) => c.startsWith('session=;') && c.includes('Max-Age=0'))).toBe(true);
    visitor.cookies.set(SESSION_COOKIE, session!);
    expect((await visitor.call(me, '/api/auth/me')).status).toBe(401);
    const db = await getDb();
    expect((await db.query('SELECT 1 FROM users WHERE email = $1', [credentials.email])).rows).toHaveLength(0);
    await loggedIn({ ...newAccount(), email: credentials.email });
  });
});

describe('agent role', () => {
  function cookiesOf(header: string): Map<string, string> {
    const [pair = ''] = header.split(';');
    return new Map([[SESSION_COOKIE, pair.slice(pair.indexOf('=') + 1)]]);
  }

  it('lets agents pass and answers 403 to customers and 401 to visitors', async () => {
    const db = await getDb();
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO users (email, display_name, password_hash, user_type) VALUES ($1, 'Agent', NULL, 'agent') RETURNING id",
      [newAccount().email],
    );
    const [agentSession] = await createSession(db, rows[0]!.id, false, false);
    const agentCookies = cookiesOf(agentSession);
    expect(await requireAgent({ cookies: agentCookies })).toMatchObject({ userType: 'agent' });

    const { visitor } = await loggedIn();
    const customer = new Map([[SESSION_COOKIE, visitor.cookies.get(SESSION_COOKIE)!]]);
    await expect(requireAgent({ cookies: customer })).rejects.toMatchObject({
      status: 403,
      message: 'Dieser Bereich ist nur für Support-Mitarbeiter zugänglich.',
    });
    await expect(requireAgent({ cookies: new Map() })).rejects.toBeInstanceOf(HttpError);
    await expect(requireAgent({ cookies: new Map() })).rejects.toMatchObject({ status: 401 });
  });
});
