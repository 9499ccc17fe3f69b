import { createHash } from 'node:crypto';
import type { Queryable } from './db/index.ts';
import { HttpError, httpMessages } from './http/errors.ts';
import { rateLimits, type RateLimitName } from './rate-limits.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the next request of this key would be admitted (0 when allowed). */
  retryAfterSeconds: number;
}

function keyHash(name: RateLimitName, key: string): string {
  return createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
}

/** Microseconds, the resolution of timestamptz: whole numbers keep `limit` hits exactly within the window. */
const MICROS_PER_SECOND = 1_000_000;

/** How long the bucket of a rule takes to give one request back: window / limit. */
function tokenIntervalMicros(name: RateLimitName): number {
  const { limit, windowSeconds } = rateLimits[name];
  return Math.floor((windowSeconds * MICROS_PER_SECOND) / limit);
}

/** An interval literal in seconds: PostgreSQL before 15 reads a unit's number as a 32-bit integer. */
function intervalOf(micros: number): string {
  return `${(micros / MICROS_PER_SECOND).toFixed(6)} seconds`;
}

/**
 * Counts and decides one request of `key` (an IP, an e-mail address, ...) against a rule of the
 * table, in one statement: a token bucket in the GCRA form, where a row holds only the moment the
 * bucket is full again (`full_at`). A hit spends one token, i.e. moves `full_at` on by one
 * interval (window / limit); it is admitted while `full_at` stays within `limit` intervals from
 * now, and a refused hit changes nothing. The upsert takes the row lock before it reads the row,
 * so concurrent requests of all function instances are decided one after the other, and no
 * window boundary exists that a burst could straddle.
 */
export async function hitRateLimit(db: Queryable, name: RateLimitName, key: string, now: Date = new Date()): Promise<RateLimitResult> {
  const { limit } = rateLimits[name];
  const intervalMicros = tokenIntervalMicros(name);
  const interval = intervalOf(intervalMicros);
  const { rows } = await db.query<{ admitted: boolean; wait_seconds: string }>(
    `INSERT INTO rate_limit_buckets AS b (key_hash, full_at, admitted) VALUES ($1, $2::timestamptz + $3::interval, true)
     ON CONFLICT (key_hash) DO UPDATE SET
       admitted = GREATEST(b.full_at, $2) + $3::interval <= $2::timestamptz + $4::interval,
       full_at = CASE WHEN GREATEST(b.full_at, $2) + $3::interval <= $2::timestamptz + $4::interval
                      THEN GREATEST(b.full_at, $2) + $3::interval ELSE b.full_at END
     RETURNING admitted, EXTRACT(EPOCH FROM full_at - $4::interval + $3::interval - $2::timestamptz) AS wait_seconds`,
    [keyHash(name, key), now, interval, intervalOf(intervalMicros * limit)],
  );
  const row = rows[0]!;
  // Occasional cleanup keeps the table small without a scheduler: a full bucket is no bucket.
  if (Math.random() < 0.01) await db.query('DELETE FROM rate_limit_buckets WHERE full_at < $1', [now]);
  return {
    allowed: row.admitted,
    retryAfterSeconds: row.admitted ? 0 : Math.max(1, Math.ceil(Number(row.wait_seconds))),
  };
}

/** Gives an admitted hit back, for rules that should count only failures once the outcome is known. */
export async function refundRateLimitHit(db: Queryable, name: RateLimitName, key: string): Promise<void> {
  await db.query('UPDATE rate_limit_buckets SET full_at = full_at - $2::interval WHERE key_hash = $1', [
    keyHash(name, key),
    intervalOf(tokenIntervalMicros(name)),
  ]);
}

/** The answer to a refused hit: 429 in German, with Retry-After. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, httpMessages.tooManyRequests(retryAfterSeconds), undefined, { 'Retry-After': String(retryAfterSeconds) });
}
