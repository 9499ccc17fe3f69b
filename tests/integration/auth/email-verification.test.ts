import { describe, expect, it } from 'vitest';
import accountExport from '../../../netlify/functions/account-export.mts';
import confirmationLink from '../../../netlify/functions/account-confirmation-link.mts';
import confirm from '../../../netlify/functions/auth-confirm-email.mts';
import forgot from '../../../netlify/functions/auth-forgot-password.mts';
import login from '../../../netlify/functions/auth-login.mts';
import me from '../../../netlify/functions/auth-me.mts';
import register from '../../../netlify/functions/auth-register.mts';
import reset from '../../../netlify/functions/auth-reset-password.mts';
import { registerUser } from '../../../src/server/auth/accounts.ts';
import { tokenHash } from '../../../src/server/auth/tokens.ts';
import { getDb } from '../../../src/server/db/index.ts';
import type { Visitor } from '../http/visitor.ts';
import { ownersOf, placeOrder, userIdOf } from './guest-orders.ts';
import { confirmationToken, lastMailTo, loggedIn, mailsTo, newAccount, post, primed } from './helpers.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

const RECEIVED = 'Bitte bestätigen Sie Ihre E-Mail-Adresse über den Link, den wir Ihnen gesendet haben.';
const CONFIRMED = 'Ihre E-Mail-Adresse ist bestätigt.';
const INVALID =
  'Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde bereits verwendet. Melden Sie sich an und fordern Sie in den Einstellungen einen neuen Link an.';

async function emailVerified(visitor: Visitor): Promise<boolean> {
  const response = await visitor.call(me, '/api/auth/me');
  expect(response.status).toBe(200);
  return ((await response.json()) as { emailVerified: boolean }).emailVerified;
}

async function confirmWith(token: string, visitor?: Visitor): Promise<Response> {
  return post(visitor ?? (await primed()), confirm, '/api/auth/confirm-email', { token });
}

describe('registration never tells whether an address has an account', () => {
  it('answers a new and a taken address alike and mails a confirmation link or a notice to the owner', async () => {
    const account = newAccount();
    const first = await post(await primed(), register, '/api/auth/register', withProofOfWork(account));
    const again = await post(await primed(), register, '/api/auth/register', withProofOfWork({
      email: account.email.toUpperCase(),
      password: 'anderes-passwort-2',
      displayName: 'Mallory',
    }));
    expect(first.status).toBe(201);
    expect(again.status).toBe(first.status);
    const firstBody = await first.json();
    expect(firstBody).toEqual({ message: RECEIVED });
    expect(await again.json()).toEqual(firstBody);

    const mails = await mailsTo(account.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Bitte bestätigen Sie Ihre E-Mail-Adresse – Kraus Webentwicklung GmbH',
      'Registrierung mit Ihrer E-Mail-Adresse – Kraus Webentwicklung GmbH',
    ]);
    expect(mails[0]!.text_body).toMatch(/^Guten Tag Erika Mustermann,\n/);
    expect(mails[0]!.text_body).toMatch(/http:\/\/127\.0\.0\.1:4321\/konto-bestaetigen\/[A-Za-z0-9_-]{43}\n/);
    expect(mails[0]!.text_body).toContain('48 Stunden gültig');
    // The notice greets the owner, not the registrant, and shows the way back into the account.
    expect(mails[1]!.text_body).toMatch(/^Guten Tag Erika Mustermann,\n/);
    expect(mails[1]!.text_body).toContain('Jemand hat versucht, mit Ihrer Adresse ein Konto anzulegen.');
    expect(mails[1]!.text_body).toContain('http://127.0.0.1:4321/reset-password\n');
    expect(mails[1]!.text_body).toContain('noch nicht bestätigt');
    expect(mails[1]!.text_body).not.toContain('/konto-bestaetigen/');
    expect(mails[1]!.text_body).not.toContain('Mallory');

    // Nothing was created or changed for the second registration.
    const db = await getDb();
    const users = await db.query<{ display_name: string }>('SELECT display_name FROM users WHERE lower(email) = $1', [account.email]);
    expect(users.rows).toEqual([{ display_name: 'Erika Mustermann' }]);
    const links = await db.query('SELECT 1 FROM email_verifications WHERE user_id = $1', [await userIdOf(account.email)]);
    expect(links.rows).toHaveLength(1);
    const visitor = await primed();
    expect((await post(visitor, login, '/api/auth/login', { email: account.email, password: 'anderes-passwort-2' })).status).toBe(401);
    expect((await post(visitor, login, '/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
  });

  it('tells the owner of a confirmed account only how to sign in, and at most three times a day', async () => {
    const { visitor, account } = await loggedIn();
    expect((await confirmWith(await confirmationToken(account.email))).status).toBe(200);
    expect(await emailVerified(visitor)).toBe(true);
    for (let i = 0; i < 5; i++) {
      const answer = await post(await primed(), register, '/api/auth/register', withProofOfWork({ ...newAccount(), email: account.email }));
      expect(answer.status).toBe(201);
      expect(await answer.json()).toEqual({ message: RECEIVED });
    }
    const notices = (await mailsTo(account.email)).filter((mail) => mail.subject.startsWith('Registrierung mit Ihrer E-Mail-Adresse'));
    expect(notices).toHaveLength(3);
    expect(notices[0]!.text_body).not.toContain('noch nicht bestätigt');
  });

  it('creates agents through the operator script as verified, customers there as unverified', async () => {
    const db = await getDb();
    const agent = await registerUser(db, newAccount(), 'agent');
    const customer = await registerUser(db, newAccount());
    const { rows } = await db.query<{ id: string; verified: boolean }>(
      'SELECT id, email_verified_at IS NOT NULL AS verified FROM users WHERE id = ANY($1::uuid[])',
      [[agent, customer]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.verified]))).toEqual({ [agent]: true, [customer]: false });
  });
});

describe('the confirmation link', () => {
  it('is stored as a hash for 48 hours and confirms the address once, also from a browser without a session', async () => {
    const { visitor, account } = await loggedIn();
    // Unverified accounts may log in (SPEC §4); /api/auth/me says what they are.
    expect(await emailVerified(visitor)).toBe(false);
    const token = await confirmationToken(account.email);
    const db = await getDb();
    expect((await db.query('SELECT 1 FROM email_verifications WHERE token_hash = $1', [token])).rows).toHaveLength(0);
    const stored = await db.query<{ hours: number }>(
      'SELECT extract(epoch FROM expires_at - created_at)::int / 3600 AS hours FROM email_verifications WHERE token_hash = $1',
      [tokenHash(token)],
    );
    expect(stored.rows).toEqual([{ hours: 48 }]);

    const done = await confirmWith(token);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ message: CONFIRMED });
    expect(await emailVerified(visitor)).toBe(true);

    const again = await confirmWith(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: INVALID, errors: { token: INVALID } });
  });

  it('refuses an expired link, an unknown one, a GET and a request without the CSRF header', async () => {
    const { visitor, account } = await loggedIn();
    const token = await confirmationToken(account.email);
    const db = await getDb();
    await db.query("UPDATE email_verifications SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [tokenHash(token)]);
    const expired = await confirmWith(token);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ message: INVALID });
    expect((await confirmWith('x'.repeat(43))).status).toBe(400);
    const empty = await confirmWith('');
    expect(await empty.json()).toMatchObject({ errors: { token: INVALID } });
    expect((await visitor.call(confirm, `/api/auth/confirm-email?token=${token}`)).status).toBe(405);
    expect((await visitor.call(confirm, '/api/auth/confirm-email', { method: 'POST', json: { token }, csrf: false })).status).toBe(403);
    expect(await emailVerified(visitor)).toBe(false);
  });

  it('works once even when opened twice at the same moment', async () => {
    const { account } = await loggedIn();
    const token = await confirmationToken(account.email);
    const statuses = await Promise.all(Array.from({ length: 5 }, () => confirmWith(token).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
  });
});

describe('guest orders of the address', () => {
  it('stay out of an unverified account and belong to it once the address is confirmed, case-insensitively', async () => {
    const account = newAccount();
    const guestOrder = await placeOrder(account.email.toUpperCase());
    // Someone else's account ordered under this address too: that order stays theirs.
    const other = await loggedIn();
    const othersOrder = await placeOrder(account.email, other.visitor);

    const { visitor } = await loggedIn(account);
    const userId = await userIdOf(account.email);
    expect(await ownersOf(guestOrder)).toEqual({ order: null, contracts: [null] });
    const before = (await (await visitor.call(accountExport, '/api/account/export')).json()) as { orders: unknown[]; contracts: unknown[] };
    expect(before.orders).toEqual([]);
    expect(before.contracts).toEqual([]);

    expect((await confirmWith(await confirmationToken(account.email))).status).toBe(200);
    expect(await ownersOf(guestOrder)).toEqual({ order: userId, contracts: [userId] });
    const otherId = await userIdOf(other.account.email);
    expect(await ownersOf(othersOrder)).toEqual({ order: otherId, contracts: [otherId] });
    const after = (await (await visitor.call(accountExport, '/api/account/export')).json()) as {
      orders: { orderNumber: string }[];
      contracts: { orderNumber: string; name: string; endsOn: string | null }[];
    };
    expect(after.orders.map((o) => o.orderNumber)).toEqual([guestOrder]);
    // The data export (Art. 20 GDPR) holds the contracts too.
    expect(after.contracts).toEqual([expect.objectContaining({ orderNumber: guestOrder, name: 'Webapp Basis (6 Monate)', endsOn: null })]);
  });

  it('placed later as a guest under a confirmed address belong to that account at once; under an unconfirmed one to nobody', async () => {
    const confirmed = newAccount();
    await loggedIn(confirmed);
    expect((await confirmWith(await confirmationToken(confirmed.email))).status).toBe(200);
    const later = await placeOrder(confirmed.email.toUpperCase());
    const confirmedId = await userIdOf(confirmed.email);
    expect(await ownersOf(later)).toEqual({ order: confirmedId, contracts: [confirmedId] });

    const unconfirmed = newAccount();
    await loggedIn(unconfirmed);
    expect(await ownersOf(await placeOrder(unconfirmed.email))).toEqual({ order: null, contracts: [null] });
  });

  it('come with a password reset too: the link reached the address', async () => {
    const account = newAccount();
    const guestOrder = await placeOrder(account.email);
    const { visitor } = await loggedIn(account);
    await post(await primed(), forgot, '/api/auth/forgot-password', { email: account.email });
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(account.email))?.text_body ?? '')?.[1];
    expect((await post(await primed(), reset, '/api/auth/reset-password', { token: resetToken, password: 'neues-passwort-1' })).status).toBe(200);
    // The reset ended every session; a new login shows the confirmed address.
    await post(visitor, login, '/api/auth/login', { email: account.email, password: 'neues-passwort-1' });
    expect(await emailVerified(visitor)).toBe(true);
    expect((await ownersOf(guestOrder)).order).toBe(await userIdOf(account.email));
    // The registration's link has nothing left to confirm.
    expect((await confirmWith(await confirmationToken(account.email))).status).toBe(400);
  });
});

describe('a new confirmation link from the settings', () => {
  it('is mailed to a logged-in unverified user; any open link confirms, then the others close', async () => {
    const { visitor, account } = await loggedIn();
    const first = await confirmationToken(account.email);
    const answer = await post(visitor, confirmationLink, '/api/account/confirmation-link');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ message: 'Wir haben Ihnen einen neuen Bestätigungslink gesendet. Er ist 48 Stunden gültig.', emailVerified: false });
    const second = await confirmationToken(account.email);
    expect(second).not.toBe(first);
    expect((await mailsTo(account.email)).filter((mail) => mail.subject.startsWith('Bitte bestätigen'))).toHaveLength(2);

    expect((await confirmWith(second)).status).toBe(200);
    expect((await confirmWith(first)).status).toBe(400);
    const confirmed = await post(visitor, confirmationLink, '/api/account/confirmation-link');
    expect(await confirmed.json()).toEqual({ message: 'Ihre E-Mail-Adresse ist bereits bestätigt.', emailVerified: true });
    expect(await mailsTo(account.email)).toHaveLength(2);
  });

  it('needs a session and the CSRF header, and is limited to three an hour per account', async () => {
    expect((await post(await primed(), confirmationLink, '/api/account/confirmation-link')).status).toBe(401);
    const { visitor } = await loggedIn();
    expect((await visitor.call(confirmationLink, '/api/account/confirmation-link', { method: 'POST', csrf: false })).status).toBe(403);
    for (let i = 0; i < 3; i++) expect((await post(visitor, confirmationLink, '/api/account/confirmation-link')).status).toBe(200);
    const limited = await post(visitor, confirmationLink, '/api/account/confirmation-link');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});
