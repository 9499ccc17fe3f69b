import { createHash } from 'node:crypto';
import type { Queryable } from './db/index.ts';

export interface RateLimitRule {
  /** Names the protected action, e.g. 'login'; counters of different rules never mix. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the current window ends (0 when allowed). */
  retryAfterSeconds: number;
}

function keyHash(rule: RateLimitRule, key: string): string {
  return createHash('sha256').update(`${rule.name}\u0000${key}`).digest('hex');
}

function windowOf(rule: RateLimitRule, now: Date): { start: Date; end: Date } {
  const windowMs = rule.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return { start, end: new Date(start.getTime() + windowMs) };
}

/**
 * Whether `key` is already at the limit, without counting this request: for rules that count
 * only failures (failed logins), checked before the attempt.
 */
export async function isRateLimited(db: Queryable, rule: RateLimitRule, key: string, now: Date = new Date()): Promise<RateLimitResult> {
  const { start, end } = windowOf(rule, now);
  const { rows } = await db.query<{ hits: number }>('SELECT hits FROM rate_limit_hits WHERE key_hash = $1 AND window_start = $2', [
    keyHash(rule, key),
    start,
  ]);
  const hits = rows[0]?.hits ?? 0;
  const allowed = hits < rule.limit;
  return {
    allowed,
    remaining: Math.max(0, rule.limit - hits),
    retryAfterSeconds: allowed ? 0 : Math.ceil((end.getTime() - now.getTime()) / 1000),
  };
}

/**
 * Counts one request of `key` (an IP, an e-mail address, ...) against a fixed-window rule.
 * The counter lives in PostgreSQL and is incremented with one atomic upsert, so it holds
 * across function instances and under concurrent requests.
 */
export async function hitRateLimit(
  db: Queryable,
  rule: RateLimitRule,
  key: string,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const { start: windowStart, end: windowEnd } = windowOf(rule, now);
  const { rows } = await db.query<{ hits: number }>(
    `INSERT INTO rate_limit_hits (key_hash, window_start, hits, expires_at)
     VALUES ($1, $2, 1, $3)
     ON CONFLICT (key_hash, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
     RETURNING hits`,
    [keyHash(rule, key), windowStart, windowEnd],
  );
  const hits = rows[0]?.hits ?? 1;
  // Occasional cleanup keeps the table small without a scheduler.
  if (hits === 1 && Math.random() < 0.01) {
    await db.query('DELETE FROM rate_limit_hits WHERE expires_at < $1', [now]);
  }
  const allowed = hits <= rule.limit;
  return {
    allowed,
    remaining: Math.max(0, rule.limit - hits),
    retryAfterSeconds: allowed ? 0 : Math.ceil((windowEnd.getTime() - now.getTime()) / 1000),
  };
}
