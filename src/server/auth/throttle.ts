import { errorCodes } from '../../lib/http/error-codes.ts';
import { throttleMessages } from '../../lib/schemas/auth.ts';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { hitRateLimit, refundRateLimitHit, tooManyRequests } from '../rate-limit.ts';
import { spendCaptchaCheck } from '../security/check.ts';

/**
 * Where a password check comes from. A login answers the challenge with the captcha of its
 * browser (cookie) and the code typed; a check from a signed-in session (password change,
 * account deletion) has proved more than a captcha would and is asked for none.
 */
export type PasswordCheckOrigin = { kind: 'login'; captcha: string | undefined; cookies: Map<string, string> } | { kind: 'session' };

/** The login's answer while the address is guessed at: a solved captcha is needed first. */
function challengeRequired(): HttpError {
  return new HttpError(400, throttleMessages.challengeRequired, { captcha: throttleMessages.challengeRequired }, {}, errorCodes.challengeRequired);
}

/**
 * Runs `check` (a password comparison) for `email` from the client `ip` only once the throttle
 * admitted it (decisions 0037 and 0065, ASVS 2.2.1). Each attempt is counted in the same statement
 * that decides it, so concurrent guesses cannot slip past the count. In this order:
 * - Per address and client, and per client: 429 with Retry-After. A guesser stops only itself.
 * - Per address from all clients, a login without a challenge (`login-challenge`): beyond it every
 *   login of the address needs a solved captcha, which costs a distributed guesser a person or a
 *   solver per guess and the owner a few seconds; nobody is locked out.
 * - Per address from all clients, every check (`login-account`, at most 100 failures an hour):
 *   beyond it no password is compared, and the answer sends the owner to "Passwort vergessen?".
 * All of them key on the address as typed, whether it has an account or not, so no answer tells.
 * For an address only failures count: a successful check gives its attempts back (only the owner
 * can cause one). The per-client count keeps it, or logging in to one's own account would buy
 * guesses at everyone else's; its limit leaves room for the logins of a shared office address.
 */
export async function throttledPasswordCheck<T>(
  db: Queryable,
  email: string,
  ip: string,
  origin: PasswordCheckOrigin,
  check: () => Promise<T>,
): Promise<T> {
  const pair = `${email}\u0000${ip}`;
  for (const [name, key] of [['login-pair', pair], ['login-client', ip]] as const) {
    const result = await hitRateLimit(db, name, key);
    if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
  }
  const unchallenged = origin.kind === 'login' && origin.captcha === undefined;
  if (unchallenged && !(await hitRateLimit(db, 'login-challenge', email)).allowed) throw challengeRequired();
  // Spent before the bound is counted: a wrong code is no password check.
  if (origin.kind === 'login' && origin.captcha !== undefined) await spendCaptchaCheck(db, origin.cookies, { captcha: origin.captcha }, new Date(), 'any');
  const bound = await hitRateLimit(db, 'login-account', email);
  if (!bound.allowed) {
    throw new HttpError(429, throttleMessages.passwordChecksExhausted, undefined, { 'Retry-After': String(bound.retryAfterSeconds) });
  }
  const outcome = await check();
  if (outcome) {
    await refundRateLimitHit(db, 'login-pair', pair);
    await refundRateLimitHit(db, 'login-account', email);
    if (unchallenged) await refundRateLimitHit(db, 'login-challenge', email);
  }
  return outcome;
}
