import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import login from '../../../netlify/functions/auth-login.mts';
import register from '../../../netlify/functions/auth-register.mts';
import { registerUser } from '../../../src/server/auth/accounts.ts';
import captchaImage from '../../../netlify/functions/security-captcha-image.mts';
import resetPassword from '../../../netlify/functions/auth-reset-password.mts';
import forgotPassword from '../../../netlify/functions/auth-forgot-password.mts';
import { throttleMessages } from '../../../src/lib/schemas/auth.ts';
import { errorCodes } from '../../../src/lib/http/error-codes.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { env } from '../../../src/server/env.ts';
import { hitRateLimit } from '../../../src/server/rate-limit.ts';
import { rateLimits } from '../../../src/server/rate-limits.ts';
import { captchaAnswer } from '../../../src/server/security/captcha.ts';
import type { Visitor } from '../http/visitor.ts';
import { lastMailTo, newAccount, post, primed } from './helpers.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

/**
 * The login throttle of issue 21 (decision 0037, ASVS 2.2.1): guessers stop themselves, never the
 * owner, and every admitted attempt is counted before its password is compared.
 */

type Account = ReturnType<typeof newAccount>;

async function customer(): Promise<Account> {
  const account = newAccount();
  expect((await post(await primed(), register, '/api/auth/register', withProofOfWork(account))).status).toBe(201);
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

});

/** What the login dialog shows after a challenge was asked for: a new picture, answered here with the server secret. */
async function solvedCaptcha(visitor: Visitor): Promise<string> {
  expect((await visitor.call(captchaImage, '/security/captcha/image.png')).status).toBe(200);
  return captchaAnswer(env().appSecret, visitor.cookies.get('captcha_id')!, 'image');
}

interface Answer {
  status: number;
  code?: string;
  message: string;
}

async function attempt(visitor: Visitor, body: Record<string, unknown>): Promise<Answer> {
  const response = await post(visitor, login, '/api/auth/login', body);
  const { code, message } = (await response.json()) as { code?: string; message?: string };
  return { status: response.status, message: message ?? '', ...(code ? { code } : {}) };
}

/**
 * Decision 0065 (issue 35, ASVS 2.2.1): 132 wrong passwords for one account went through in two
 * minutes from 12 addresses. Now the address asks every client for a solved captcha after a few
 * failures, and no password is compared beyond the bound of failures an hour.
 */
describe('account-wide login throttle across many clients', () => {
  const challengeAfter = rateLimits['login-challenge'].limit;
  const bound = rateLimits['login-account'].limit;

  it('asks every client for a challenge after a few failures, and the owner still gets in with it', async () => {
    const account = await customer();
    const guessers = await Promise.all(Array.from({ length: 12 }, () => primed()));
    const compare = vi.spyOn(bcrypt, 'compare');
    const answers: Answer[] = [];
    // Round after round over the 12 clients, each below its own limit.
    for (let i = 0; i < challengeAfter + 4; i++) answers.push(await attempt(guessers[i % 12]!, wrong(account, i)));

    expect(answers.slice(0, challengeAfter).map((a) => a.status)).toEqual(Array<number>(challengeAfter).fill(401));
    for (const refused of answers.slice(challengeAfter)) {
      expect(refused).toEqual({ status: 400, code: errorCodes.challengeRequired, message: throttleMessages.challengeRequired });
    }
    // A refused guess compared no password.
    expect(compare).toHaveBeenCalledTimes(challengeAfter);

    // The owner on a fresh device: without the challenge refused like everyone, with it let in.
    const owner = await primed();
    expect((await attempt(owner, { email: account.email, password: account.password })).code).toBe(errorCodes.challengeRequired);
    const wrongCode = await attempt(owner, { email: account.email, password: account.password, captcha: 'FALSCH' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.message).toMatch(/Sicherheitscode ist falsch/);
    const captcha = await solvedCaptcha(owner);
    expect((await attempt(owner, { email: account.email, password: account.password, captcha })).status).toBe(200);
  });

  it('compares no more passwords than the bound, even with solved challenges, and the reset link lets the owner in again', async () => {
    const account = await customer();
    const guessers = await Promise.all(Array.from({ length: 12 }, () => primed()));
    const compare = vi.spyOn(bcrypt, 'compare');
    const statuses: number[] = [];
    let exhausted: Answer | undefined;
    // 12 clients, each as many guesses as its own limit allows: 120 tries with solved captchas.
    for (let round = 0; round < rateLimits['login-pair'].limit; round++) {
      for (const [i, guesser] of guessers.entries()) {
        const answer = await attempt(guesser, { ...wrong(account, round * 12 + i), captcha: await solvedCaptcha(guesser) });
        statuses.push(answer.status);
        if (answer.status === 429) exhausted = answer;
      }
    }
    expect(compare).toHaveBeenCalledTimes(bound);
    expect(statuses.filter((status) => status === 401)).toHaveLength(bound);
    expect(statuses.filter((status) => status === 429)).toHaveLength(120 - bound);
    // The answer sends the owner to "Passwort vergessen?" and says when to try again.
    expect(exhausted?.message).toBe(throttleMessages.passwordChecksExhausted);

    // Beyond the bound the right password is not compared either ...
    const owner = await primed();
    const refused = await post(owner, login, '/api/auth/login', { email: account.email, password: account.password, captcha: await solvedCaptcha(owner) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(compare).toHaveBeenCalledTimes(bound);

    // ... but the mailed reset link is the owner's way in.
    expect((await post(owner, forgotPassword, '/api/auth/forgot-password', { email: account.email })).status).toBe(200);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(account.email))!.text_body)![1]!;
    const password = 'ein-ganz-neues-Passwort-2026';
    expect((await post(owner, resetPassword, '/api/auth/reset-password', { token, password })).status).toBe(200);
    expect((await attempt(owner, { email: account.email, password })).status).toBe(200);
  });

  it('admits no more than 100 failed checks of an address in any hour (ASVS 2.2.1), however they are spread', async () => {
    const db = await getDb();
    const key = newAccount().email;
    const start = Date.parse('2030-01-01T10:00:00Z');
    // A guess every 10 s for two hours, each one admitted counted as a failed check.
    const admitted: number[] = [];
    for (let t = 0; t < 2 * 3600; t += 10) {
      if ((await hitRateLimit(db, 'login-account', key, new Date(start + t * 1000))).allowed) admitted.push(t);
    }
    const busiestHour = Math.max(...admitted.map((from) => admitted.filter((t) => t >= from && t < from + 3600).length));
    expect(busiestHour).toBeLessThanOrEqual(100);
    // ... and not far below: the owner's own typos must not spend it sooner than needed.
    expect(busiestHour).toBeGreaterThanOrEqual(95);
  });

  it('answers an address without an account exactly like one with', async () => {
    const account = await customer();
    const unknown = newAccount();
    const answersFor = async (email: string) => {
      const answers: Answer[] = [];
      for (let i = 0; i < challengeAfter + 2; i++) answers.push(await attempt(await primed(), { email, password: `falsch-${i}-geraten` }));
      return answers;
    };
    expect(await answersFor(unknown.email)).toEqual(await answersFor(account.email));
  });
});
