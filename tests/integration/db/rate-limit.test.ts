import { describe, expect, it } from 'vitest';
import { getDb } from '../../../src/server/db/index.ts';
import { hitRateLimit } from '../../../src/server/rate-limit.ts';

const rule = { name: 'probe', limit: 3, windowSeconds: 60 };
const start = new Date('2026-11-23T10:00:05Z');

describe('rate limit stored in PostgreSQL', () => {
  it('allows the limit, then refuses with the seconds until the window ends', async () => {
    const db = await getDb();
    const key = `key-${Math.random()}`;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(db, rule, key, start));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]!.retryAfterSeconds).toBe(55);
  });

  it('starts a new window after the old one ends', async () => {
    const db = await getDb();
    const key = `key-${Math.random()}`;
    for (let i = 0; i < 3; i++) await hitRateLimit(db, rule, key, start);
    expect((await hitRateLimit(db, rule, key, start)).allowed).toBe(false);
    expect((await hitRateLimit(db, rule, key, new Date('2026-11-23T10:01:00Z'))).allowed).toBe(true);
  });

  it('keeps keys and rules apart', async () => {
    const db = await getDb();
    const key = `key-${Math.random()}`;
    for (let i = 0; i < 3; i++) await hitRateLimit(db, rule, key, start);
    expect((await hitRateLimit(db, rule, `${key}-other`, start)).allowed).toBe(true);
    expect((await hitRateLimit(db, { ...rule, name: 'other-rule' }, key, start)).allowed).toBe(true);
  });

  it('counts concurrent hits exactly (atomic upsert)', async () => {
    const db = await getDb();
    const key = `key-${Math.random()}`;
    const wide = { name: 'concurrent', limit: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 15 }, () => hitRateLimit(db, wide, key, start)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('never stores the raw key', async () => {
    const db = await getDb();
    const key = '198.51.100.77';
    await hitRateLimit(db, rule, key, start);
    const { rows } = await db.query<{ key_hash: string }>('SELECT key_hash FROM rate_limit_hits');
    expect(rows.some((r) => r.key_hash.includes(key))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true);
  });
});
