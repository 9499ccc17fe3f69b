import { createHash } from 'node:crypto';
import type { Queryable } from './db/index.ts';
import { SqlParams } from './db/sql-params.ts';
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

/** One hit of a rule: the rule's name and whose request it is. */
export interface RateLimitHit {
  name: RateLimitName;
  key: string;
}

/** What a statement that carries rate-limit hits returns about them (see rateLimitSql). */
export interface RateLimitColumns {
  rl_admitted: boolean;
  rl_wait_seconds: string | number | null;
}

/**
 * The hits of `hits`, in order, as CTEs (`rl_0`, `rl_1`, ...) for a statement that does a
 * request's work in the same round trip (issue 22). Each hit is a token bucket in the GCRA form,
 * where a row holds only the moment the bucket is full again (`full_at`): a hit spends one token,
 * i.e. moves `full_at` on by one interval (window / limit); it is admitted while `full_at` stays
 * within `limit` intervals from now, and a refused hit changes nothing. The upsert takes the row
 * lock before it reads the row, so concurrent requests of all function instances are decided one
 * after the other, and no window boundary exists that a burst could straddle. A hit after a refused
 * one is not counted, as if the request had stopped there. `admitted` is the SQL condition "every
 * hit was admitted", for the work to be gated on: a refused request changes nothing else.
 * `columns` selects the verdict as RateLimitColumns. Without hits, everything is admitted.
 */
export function rateLimitSql(params: SqlParams, hits: readonly RateLimitHit[], now: Date): { ctes: string[]; admitted: string; columns: string } {
  if (hits.length === 0) return { ctes: [], admitted: 'true', columns: 'true AS rl_admitted, NULL::numeric AS rl_wait_seconds' };
  const at = params.add(now);
  const ctes = hits.map(({ name, key }, index) => {
    const intervalMicros = tokenIntervalMicros(name);
    const keyHashParam = params.add(keyHash(name, key));
    const interval = params.add(intervalOf(intervalMicros));
    const horizon = params.add(intervalOf(intervalMicros * rateLimits[name].limit));
    const gate = index === 0 ? '' : ` WHERE (SELECT admitted FROM rl_${index - 1})`;
    return `rl_${index} AS (
       INSERT INTO rate_limit_buckets AS b (key_hash, full_at, admitted) SELECT ${keyHashParam}, ${at}::timestamptz + ${interval}::interval, true${gate}
       ON CONFLICT (key_hash) DO UPDATE SET
         admitted = GREATEST(b.full_at, ${at}) + ${interval}::interval <= ${at}::timestamptz + ${horizon}::interval,
         full_at = CASE WHEN GREATEST(b.full_at, ${at}) + ${interval}::interval <= ${at}::timestamptz + ${horizon}::interval
                        THEN GREATEST(b.full_at, ${at}) + ${interval}::interval ELSE b.full_at END
       RETURNING admitted, EXTRACT(EPOCH FROM full_at - ${horizon}::interval + ${interval}::interval - ${at}::timestamptz) AS wait_seconds)`;
  });
  // Occasional cleanup keeps the table small without a scheduler: a full bucket is no bucket.
  // Buckets another request holds are skipped: waiting for them could close a circle of locks.
  if (Math.random() < 0.01) {
    ctes.push(`rl_sweep AS (
       DELETE FROM rate_limit_buckets WHERE key_hash IN (
         SELECT key_hash FROM rate_limit_buckets WHERE full_at < ${at} AND key_hash <> ALL(${params.add(hits.map((hit) => keyHash(hit.name, hit.key)))}::text[])
         FOR UPDATE SKIP LOCKED))`);
  }
  const last = hits.length - 1;
  const admitted = `coalesce((SELECT admitted FROM rl_${last}), false)`;
  const waits = hits.map((_, index) => `(SELECT wait_seconds FROM rl_${index} WHERE NOT admitted)`);
  return { ctes, admitted, columns: `${admitted} AS rl_admitted, coalesce(${waits.join(', ')}) AS rl_wait_seconds` };
}

/** The verdict of the hits a statement carried. */
function rateLimitVerdict(row: RateLimitColumns): RateLimitResult {
  return {
    allowed: row.rl_admitted,
    retryAfterSeconds: row.rl_admitted ? 0 : Math.max(1, Math.ceil(Number(row.rl_wait_seconds))),
  };
}

/** 429 with Retry-After unless every hit the statement carried was admitted. */
export function assertAdmitted(row: RateLimitColumns): void {
  const verdict = rateLimitVerdict(row);
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
}

/**
 * Counts and decides one request of `key` (an IP, an e-mail address, ...) against a rule of the
 * table, in one statement (see rateLimitSql).
 */
export async function hitRateLimit(db: Queryable, name: RateLimitName, key: string, now: Date = new Date()): Promise<RateLimitResult> {
  const params = new SqlParams();
  const { ctes, columns } = rateLimitSql(params, [{ name, key }], now);
  const { rows } = await db.query<RateLimitColumns>(`WITH ${ctes.join(',\n')} SELECT ${columns}`, params.values);
  return rateLimitVerdict(rows[0]!);
}

/** Gives an admitted hit back, for rules that should count only failures once the outcome is known. */
export async function refundRateLimitHit(db: Queryable, name: RateLimitName, key: string): Promise<void> {
  await db.query('UPDATE rate_limit_buckets SET full_at = full_at - $2::interval WHERE key_hash = $1', [
    keyHash(name, key),
    intervalOf(tokenIntervalMicros(name)),
  ]);
}

/** Forgets every hit of `key` against a rule, e.g. when its owner proved to be who the count suspected. */
export async function forgetRateLimit(db: Queryable, name: RateLimitName, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limit_buckets WHERE key_hash = $1', [keyHash(name, key)]);
}

/** The answer to a refused hit: 429 in German, with Retry-After. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, httpMessages.tooManyRequests(retryAfterSeconds), undefined, { 'Retry-After': String(retryAfterSeconds) });
}
