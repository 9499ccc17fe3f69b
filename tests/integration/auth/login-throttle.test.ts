import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import login from '../../../netlify/functions/auth-login.mts';
import register from '../../../netlify/functions/auth-register.mts';
import { registerUser } from '../../../src/server/auth/accounts.ts';
import { SLOWED_CHECK_MS } from '../../../src/server/auth/throttle.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { rateLimits } from '../../../src/server/rate-limits.ts';
import { newAccount, post, primed } from './helpers.ts';

/**
 * The login throttle of issue 21 (decision 0037, ASVS 2.2.1): guessers stop themselves, never the
 * owner, and every admitted attempt is counted before its password is compared.
 */

type Account = ReturnType<typeof newAccount>;

async function customer(): Promise<Account> {
  const account = newAccount();
  expect((await post(await primed(), register, '/api/auth/register', account)).status).toBe(201);
  return account;
}

async function agent(): Promise<Account> {
  const account = newAccount();
  await registerUser(await getDb(), account, 'agent');
  return account;
}

const wrong = (account: Account, i: number) => ({ email: account.email, password: `falsch-${i}-geraten` });

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each([
  ['a customer', customer],
  ['an agent', agent],
])('login throttle for %s', (_, create) => {
  it('does not lock the owner out: wrong passwords from another client stop only that client', async () => {
    const account = await create();
    const attacker = await primed();
    const { limit } = rateLimits['login-pair'];
    const statuses: number[] = [];
    for (let i = 0; i < limit + 3; i++) statuses.push((await post(attacker, login, '/api/auth/login', wrong(account, i))).status);
    expect(statuses).toEqual([...Array<number>(limit).fill(401), 429, 429, 429]);

    const owner = await primed();
    expect((await post(owner, login, '/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    // The guesser is still stopped, with the German answer and the time to wait.
    const refused = await post(attacker, login, '/api/auth/login', { email: account.email, password: account.password });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Sekunden? erneut\.$/);
  });
});

describe('login throttle', () => {
  it('compares at most the limit of passwords for 30 concurrent wrong guesses from one client', async () => {
    const account = await customer();
    const attacker = await primed();
    const compare = vi.spyOn(bcrypt, 'compare');
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => post(attacker, login, '/api/auth/login', wrong(account, i)).then((r) => r.status)));
    const { limit } = rateLimits['login-pair'];
    expect(compare).toHaveBeenCalledTimes(limit);
    expect(statuses.filter((status) => status === 401)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - limit);
  });

  it('counts only failures for an address: the owner logging in often is never stopped', async () => {
    const account = await customer();
    const owner = await primed();
    for (let i = 0; i < rateLimits['login-pair'].limit + 2; i++) {
      expect((await post(owner, login, '/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    }
  });

  it('slows, but never refuses, the right password while many clients guess at the address', async () => {
    const account = await customer();
    for (let i = 0; i < rateLimits['login-account'].limit; i++) {
      expect((await post(await primed(), login, '/api/auth/login', wrong(account, i))).status).toBe(401);
    }
    const started = Date.now();
    const owner = await post(await primed(), login, '/api/auth/login', { email: account.email, password: account.password });
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOWED_CHECK_MS);
  });
});
