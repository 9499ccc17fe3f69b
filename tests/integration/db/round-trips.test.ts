import { describe, expect, it } from 'vitest';
import { getDb } from '../../../src/server/db/index.ts';
import { countRoundTrips } from '../../../src/server/db/round-trips.ts';
import { endpoint } from '../../../src/server/http/endpoint.ts';

describe('database round trips', () => {
  it('counts every statement, and BEGIN and COMMIT of a transaction, the same on every driver', async () => {
    const db = await getDb();
    const { result, tally } = await countRoundTrips(async () => {
      await db.query('SELECT 1');
      return db.transaction(async (tx) => {
        await tx.query('SELECT $1::int AS n', [1]);
        return (await tx.query<{ n: number }>('SELECT $1::int AS n', [2])).rows[0]!.n;
      });
    });
    expect(result).toBe(2);
    expect(tally.roundTrips).toBe(1 + 4);
  });

  it('counts a rolled-back transaction to its ROLLBACK and keeps concurrent tallies apart', async () => {
    const db = await getDb();
    const failing = countRoundTrips(() =>
      db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        throw new Error('abgebrochen');
      }),
    ).catch((error: unknown) => error);
    const other = countRoundTrips(async () => (await db.query('SELECT 1')).rowCount);
    expect(await failing).toBeInstanceOf(Error);
    expect((await other).tally.roundTrips).toBe(1);
  });

  it('tells the browser the round trips of an answer in Server-Timing', async () => {
    const handle = endpoint({
      GET: async () => {
        const db = await getDb();
        await db.query('SELECT 1');
        await db.query('SELECT 2');
        return new Response('ok');
      },
    });
    await getDb(); // opened and migrated outside the count
    const response = await handle(new Request('http://127.0.0.1/api/probe'), { ip: '127.0.0.1', params: {} });
    expect(response.headers.get('Server-Timing')).toMatch(/^db;dur=\d+\.\d;desc="2 round trips"$/);
  });
});
