import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import accountPassword from '../../../netlify/functions/account-password.mts';
import login from '../../../netlify/functions/auth-login.mts';
import register from '../../../netlify/functions/auth-register.mts';
import { getDb } from '../../../src/server/db/index.ts';
import { loggedIn, newAccount, post, primed } from './helpers.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

type Errors = { errors: Record<string, string> };

/** Decision 0038: the strength rule and the pre-hashed bcrypt. */
describe('new passwords', () => {
  it.each(['passwort123', 'Sommer2024!', 'Fußballverein'])('refuses the common password %s with German advice', async (password) => {
    const visitor = await primed();
    const account = newAccount();
    const refused = await post(visitor, register, '/api/auth/register', withProofOfWork({ ...account, password }));
    expect(refused.status).toBe(400);
    const message = ((await refused.json()) as Errors).errors.password;
    expect(message).toMatch(/^Dieses Passwort ist zu leicht zu erraten\. .*(Wörter|Passwörtern|erraten)/);
    const { rows } = await (await getDb()).query('SELECT 1 FROM users WHERE email = $1', [account.email]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a common new password on change too', async () => {
    const { visitor, account } = await loggedIn();
    const refused = await post(visitor, accountPassword, '/api/account/password', { currentPassword: account.password, newPassword: 'passwort123' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Errors).errors.newPassword).toMatch(/^Dieses Passwort ist zu leicht zu erraten\./);
  });

  it('accepts an 80-byte passphrase with umlauts and logs in with it, in either Unicode form', async () => {
    const passphrase = 'Über Wälder und Flüsse ziehen die Störche im Frühjahr nach Köln zurück, ähnlich früh';
    expect(new TextEncoder().encode(passphrase).length).toBeGreaterThanOrEqual(80);
    const visitor = await primed();
    const account = { ...newAccount(), password: passphrase };
    expect((await post(visitor, register, '/api/auth/register', withProofOfWork(account))).status).toBe(201);
    expect((await post(visitor, login, '/api/auth/login', { email: account.email, password: passphrase })).status).toBe(200);
    const decomposed = passphrase.normalize('NFD');
    expect((await post(await primed(), login, '/api/auth/login', { email: account.email, password: decomposed })).status).toBe(200);
    // Beyond 72 bytes still counts: changing the end is a wrong password.
    expect((await post(await primed(), login, '/api/auth/login', { email: account.email, password: passphrase.slice(0, -1) + 'x' })).status).toBe(401);
  });

  it('accepts exactly 256 characters and refuses 257', async () => {
    const longest = 'Korrekt Pferd Batterie Heftklammer ' + 'ü'.repeat(256 - 35);
    expect([...longest]).toHaveLength(256);
    const account = { ...newAccount(), password: longest };
    expect((await post(await primed(), register, '/api/auth/register', withProofOfWork(account))).status).toBe(201);
    expect((await post(await primed(), login, '/api/auth/login', { email: account.email, password: longest })).status).toBe(200);
    const tooLong = await post(await primed(), register, '/api/auth/register', withProofOfWork({ ...newAccount(), password: longest + 'ü' }));
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as Errors).errors.password).toBe('Das Passwort darf höchstens 256 Zeichen lang sein.');
  });

  it('logs in with a plain bcrypt hash from before and replaces it with a pre-hashed one', async () => {
    const { account } = await loggedIn();
    const db = await getDb();
    await db.query('UPDATE users SET password_hash = $2 WHERE email = $1', [account.email, await bcrypt.hash(account.password, 10)]);
    expect((await post(await primed(), login, '/api/auth/login', { email: account.email, password: 'falsch-falsch' })).status).toBe(401);
    const stillPlain = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [account.email]);
    expect(stillPlain.rows[0]?.password_hash).toMatch(/^\$2[aby]\$/);
    expect((await post(await primed(), login, '/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    const upgraded = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [account.email]);
    expect(upgraded.rows[0]?.password_hash).toMatch(/^sha256b64\$\$2[aby]\$10\$/);
    expect((await post(await primed(), login, '/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
  });
});
