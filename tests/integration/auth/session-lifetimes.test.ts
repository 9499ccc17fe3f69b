import { describe, expect, it } from 'vitest';
import login from '../../../netlify/functions/auth-login.mts';
import { registerUser } from '../../../src/server/auth/accounts.ts';
import { createSession, sessionUser } from '../../../src/server/auth/session.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { loggedIn, newAccount, post, primed } from './helpers.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const start = new Date('2030-01-01T10:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);

async function userId(email: string): Promise<string> {
  const { rows } = await (await getDb()).query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  return rows[0]!.id;
}

async function customerId(): Promise<string> {
  return userId((await loggedIn()).account.email);
}

async function agentId(): Promise<string> {
  const account = newAccount();
  await registerUser(await getDb(), account, 'agent');
  return userId(account.email);
}

/** A session begun at `start`, its token taken from the cookie as a browser would. */
async function sessionAt(user: string, rememberMe: boolean): Promise<{ token: string; cookie: string }> {
  const [cookie] = await createSession(await getDb(), user, rememberMe, false, start);
  return { token: /^session=([^;]+)/.exec(cookie)![1]!, cookie };
}

/** Whether the session is alive at each offset from its start, used at each one (which slides its idle limit). */
async function aliveAt(token: string, offsets: number[]): Promise<boolean[]> {
  const db = await getDb();
  const alive: boolean[] = [];
  for (const offset of offsets) alive.push((await sessionUser(db, token, at(offset))) !== null);
  return alive;
}

/** Decisions 0039 and 0064 (ASVS 3.3.2 level 2): an idle limit slid by every use, and 12 hours from login at most. */
describe('session lifetimes', () => {
  it('ends a customer session without "Angemeldet bleiben" after 30 minutes unused; every use slides the limit', async () => {
    const { token, cookie } = await sessionAt(await customerId(), false);
    expect(cookie).not.toContain('Max-Age');
    expect(await aliveAt(token, [29 * MINUTE, 58 * MINUTE, 87 * MINUTE, 118 * MINUTE, 119 * MINUTE])).toEqual([true, true, true, false, false]);
  });

  it('ends a used customer session 12 hours after login', async () => {
    const { token } = await sessionAt(await customerId(), false);
    const everyTwentyMinutes = Array.from({ length: 36 }, (_, i) => (i + 1) * 20 * MINUTE);
    const alive = await aliveAt(token, [...everyTwentyMinutes, 12 * HOUR + MINUTE]);
    expect(alive.slice(0, 35).every(Boolean)).toBe(true);
    // 12:00 is the end itself; a minute later it is still over.
    expect(alive.slice(35)).toEqual([false, false]);
  });

  it('keeps a remembered customer session, cookie and all, for 12 hours from login even unused, and not a minute longer', async () => {
    const user = await customerId();
    const { token, cookie } = await sessionAt(user, true);
    expect(cookie).toContain('Max-Age=43200');
    expect(await aliveAt(token, [11 * HOUR + 59 * MINUTE, 12 * HOUR + MINUTE])).toEqual([true, false]);
    // Used all the time, it still ends at 12 hours.
    const used = await sessionAt(user, true);
    expect(await aliveAt(used.token, [4 * HOUR, 8 * HOUR, 11 * HOUR, 12 * HOUR + MINUTE])).toEqual([true, true, true, false]);
  });

  it('ends an agent session after 30 minutes unused and 12 hours after login, whatever "Angemeldet bleiben" says', async () => {
    const agent = await agentId();
    for (const rememberMe of [false, true]) {
      const idle = await sessionAt(agent, rememberMe);
      expect(idle.cookie).not.toContain('Max-Age');
      expect(await aliveAt(idle.token, [29 * MINUTE, 60 * MINUTE])).toEqual([true, false]);
      const used = await sessionAt(agent, rememberMe);
      const everyTwentyMinutes = Array.from({ length: 35 }, (_, i) => (i + 1) * 20 * MINUTE);
      expect((await aliveAt(used.token, everyTwentyMinutes)).every(Boolean)).toBe(true);
      expect(await aliveAt(used.token, [12 * HOUR + MINUTE])).toEqual([false]);
    }
  });

  it('gives an agent who ticked "Angemeldet bleiben" at login a cookie that ends with the browser', async () => {
    const account = newAccount();
    await registerUser(await getDb(), account, 'agent');
    const response = await post(await primed(), login, '/api/auth/login', { email: account.email, password: account.password, rememberMe: true });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('session='))).not.toContain('Max-Age');
    expect(cookies.find((c) => c.startsWith('signed_in='))).not.toContain('Max-Age');
  });
});
