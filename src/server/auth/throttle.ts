import type { Queryable } from '../db/index.ts';
import { HttpError, httpMessages } from '../http/errors.ts';
import { hitRateLimit, isRateLimited } from '../rate-limit.ts';

/**
 * Issue 6: at most 10 failed password checks per account and per IP in 15 minutes. Only
 * failures count, so the real user can log in again once the window has passed.
 */
export const FAILED_PASSWORD_CHECKS = { name: 'login-failed', limit: 10, windowSeconds: 15 * 60 };

/** 429 with Retry-After when any of the keys (e.g. `ip:…`, `account:…`) used up its failures. */
export async function assertNotThrottled(db: Queryable, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    const state = await isRateLimited(db, FAILED_PASSWORD_CHECKS, key);
    if (!state.allowed) {
      throw new HttpError(429, httpMessages.tooManyRequests(state.retryAfterSeconds), undefined, {
        'Retry-After': String(state.retryAfterSeconds),
      });
    }
  }
}

export async function countFailedCheck(db: Queryable, keys: readonly string[]): Promise<void> {
  for (const key of keys) await hitRateLimit(db, FAILED_PASSWORD_CHECKS, key);
}
