import { describe, expect, it, vi } from 'vitest';
import { getDb } from '../../../src/server/db/index.ts';
import { countRoundTrips } from '../../../src/server/db/round-trips.ts';
import { hitRateLimit } from '../../../src/server/rate-limit.ts';
import { rateLimits } from '../../../src/server/rate-limits.ts';

/** 'inquiry': 5 per 10 minutes, so one token comes back every 120 s. */
const start = new Date('2026-11-23T10:00:05Z');
const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const freshKey = () => `key-${Math.random()}`;

describe('rate limit stored in PostgreSQL (token bucket, decision 0037)', () => {
  it('allows the limit at once, then refuses with the seconds until a token is back', async () => {
    const db = await getDb();
    const key = freshKey();
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await hitRateLimit(db, 'inquiry', key, start));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    expect(results[5]!.retryAfterSeconds).toBe(120);
    expect((await hitRateLimit(db, 'inquiry', key, later(100))).retryAfterSeconds).toBe(20);
  });

  it('gives one request back per window / limit; refused requests take nothing', async () => {
    const db = await getDb();
    const key = freshKey();
    for (let i = 0; i < 5; i++) await hitRateLimit(db, 'inquiry', key, start);
    for (let s = 1; s < 120; s += 7) expect((await hitRateLimit(db, 'inquiry', key, later(s))).allowed).toBe(false);
    expect((await hitRateLimit(db, 'inquiry', key, later(120))).allowed).toBe(true);
    expect((await hitRateLimit(db, 'inquiry', key, later(121))).allowed).toBe(false);
    // A full window later all tokens are back, as with no request at all.
    const rested = [];
    for (let i = 0; i < 6; i++) rested.push((await hitRateLimit(db, 'inquiry', key, later(120 + 600))).allowed);
    expect(rested).toEqual([true, true, true, true, true, false]);
  });

  it('lets no window boundary through twice the limit: the limit just before it, nothing just after', async () => {
    const db = await getDb();
    const key = freshKey();
    const { limit, windowSeconds } = rateLimits['login-pair'];
    // Just before and just after a boundary of the old fixed windows (10:15:00).
    const before = new Date('2026-11-23T10:14:59Z');
    const after = new Date('2026-11-23T10:15:01Z');
    const admitted = async (at: Date) => {
      let count = 0;
      for (let i = 0; i < limit; i++) if ((await hitRateLimit(db, 'login-pair', key, at)).allowed) count++;
      return count;
    };
    expect(await admitted(before)).toBe(limit);
    expect(await admitted(after)).toBe(0);
    // Across a whole window no more than one window's worth comes back.
    const end = new Date(before.getTime() + windowSeconds * 1000 - 1000);
    expect(await admitted(end)).toBeLessThan(limit);
  });

  it('keeps keys and rules apart', async () => {
    const db = await getDb();
    const key = freshKey();
    for (let i = 0; i < 5; i++) await hitRateLimit(db, 'inquiry', key, start);
    expect((await hitRateLimit(db, 'inquiry', `${key}-other`, start)).allowed).toBe(true);
    expect((await hitRateLimit(db, 'clickdummy', key, start)).allowed).toBe(true);
  });

  it('counts and decides concurrent hits in one statement: exactly the limit passes', async () => {
    const db = await getDb();
    const key = freshKey();
    const { limit } = rateLimits['login-pair'];
    const results = await Promise.all(Array.from({ length: 3 * limit }, () => hitRateLimit(db, 'login-pair', key, start)));
    expect(results.filter((r) => r.allowed)).toHaveLength(limit);
  });

  it('never stores the raw key', async () => {
    const db = await getDb();
    const key = '198.51.100.77';
    await hitRateLimit(db, 'inquiry', key, start);
    const { rows } = await db.query<{ key_hash: string }>('SELECT key_hash FROM rate_limit_buckets');
    expect(rows.some((r) => r.key_hash.includes(key))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true);
  });

  it('sweeps full buckets in the statement of the hit itself, sparing its own (decision 0044)', async () => {
    const db = await getDb();
    const [full, own] = [freshKey(), freshKey()];
    await hitRateLimit(db, 'inquiry', full, start);
    await hitRateLimit(db, 'inquiry', own, start);
    const buckets = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_buckets WHERE full_at < $1', [later(3600)])).rows[0]!.n;
    expect(await buckets()).toBeGreaterThanOrEqual(2);
    // The 1 % of hits that sweep: an hour later every bucket above is full again, and gone but the one hit now.
    const sweep = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      const { result, tally } = await countRoundTrips(() => hitRateLimit(db, 'inquiry', own, later(3600)));
      expect(result.allowed).toBe(true);
      expect(tally.roundTrips).toBe(1);
    } finally {
      sweep.mockRestore();
    }
    expect(await buckets()).toBe(0);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_buckets WHERE full_at > $1', [later(3600)]);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
  });
});
