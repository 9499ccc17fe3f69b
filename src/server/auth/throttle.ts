import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '../db/index.ts';
import { hitRateLimit, refundRateLimitHit, tooManyRequests } from '../rate-limit.ts';

/** How much longer a password check takes while its address is guessed at from many clients. */
export const SLOWED_CHECK_MS = 2000;

/**
 * Runs `check` (a password comparison) for `email` from the client `ip` only once the throttle
 * admitted it (decision 0037, ASVS 2.2.1). Each attempt is counted in the same statement that
 * decides it, so concurrent guesses cannot slip past the count.
 * - Per address and client, and per client: 429 with Retry-After. A guesser stops only itself.
 * - Per address from all clients together: beyond it the check is slowed, never refused, so
 *   nobody can lock the owner out by guessing from elsewhere.
 * For an address only failures count: a successful check gives its attempt back (only the owner
 * can cause one). The per-client count keeps it, or logging in to one's own account would buy
 * guesses at everyone else's; its limit leaves room for the logins of a shared office address.
 */
export async function throttledPasswordCheck<T>(db: Queryable, email: string, ip: string, check: () => Promise<T>): Promise<T> {
  const pair = `${email}\u0000${ip}`;
  for (const [name, key] of [['login-pair', pair], ['login-client', ip]] as const) {
    const result = await hitRateLimit(db, name, key);
    if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
  }
  if (!(await hitRateLimit(db, 'login-account', email)).allowed) await sleep(SLOWED_CHECK_MS);
  const outcome = await check();
  if (outcome) {
    await refundRateLimitHit(db, 'login-pair', pair);
    await refundRateLimitHit(db, 'login-account', email);
  }
  return outcome;
}
