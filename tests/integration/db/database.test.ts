import { neonConfig } from '@neondatabase/serverless';
import { inject, describe, expect, it } from 'vitest';
import { closeDb, getDb, openDb } from '../../../src/server/db/index.ts';
import { loadMigrations, migrate } from '../../../src/server/db/migrate.ts';
import { env } from '../../../src/server/env.ts';

describe('database module', () => {
  it('opens the driver the environment names', async () => {
    const db = await getDb();
    expect(db.kind).toBe(process.env.TEST_DB_DRIVER);
  });

  it('applies every migration once and records it', async () => {
    const db = await getDb();
    const files = await loadMigrations();
    expect(files.map((m) => m.version)).toEqual([...files.map((m) => m.version)].sort((a, b) => a - b));
    const { rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(files.map((m) => m.version));
    // Running again applies nothing: migrations are forward-only and idempotent per version.
    expect(await migrate(db)).toEqual([]);
  });

  it('serialises concurrent migrators so each migration runs exactly once', async () => {
    if (env().dbDriver === 'pglite') return; // one embedded connection cannot race with itself
    const migrations = [{ version: 9001, name: 'race_probe', sql: 'CREATE TABLE race_probe (id int PRIMARY KEY)' }];
    const [a, b] = await Promise.all([openDb(), openDb()]);
    try {
      const results = await Promise.all([migrate(a, migrations), migrate(b, migrations)]);
      expect(results.flat()).toEqual([9001]);
    } finally {
      await a.query('DROP TABLE IF EXISTS race_probe');
      await a.query('DELETE FROM schema_migrations WHERE version = 9001');
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('maps parameters and result types the same on every driver', async () => {
    const db = await getDb();
    const { rows } = await db.query<{ n: number; t: Date; s: string; big: number }>(
      'SELECT $1::int AS n, $2::timestamptz AS t, $3::text AS s, 9007199254740::int8 AS big',
      [42, new Date('2026-11-23T10:00:00Z'), 'Grüße'],
    );
    expect(rows[0]).toEqual({ n: 42, t: new Date('2026-11-23T10:00:00Z'), s: 'Grüße', big: 9007199254740 });
  });

  it('sends single statements over HTTP on Neon and transactions over the WebSocket', async () => {
    const db = await getDb();
    const sent: string[] = [];
    // The driver's own hook for the fetch it sends statements with; unused by the other drivers.
    neonConfig.fetchFunction = (url: string, init: RequestInit) => {
      sent.push((JSON.parse(String(init.body)) as { query: string }).query);
      return fetch(url, init);
    };
    try {
      await db.query('SELECT 1 AS one');
      await db.transaction((tx) => tx.query('SELECT 2 AS two'));
    } finally {
      neonConfig.fetchFunction = undefined;
    }
    expect(sent).toEqual(process.env.TEST_DB_DRIVER === 'neon' ? ['SELECT 1 AS one'] : []);
  });

  // The repositories must not see which of Neon's two paths answered.
  it('reads every type the same outside and inside a transaction', async () => {
    const db = await getDb();
    const sql = `SELECT $1::int AS n, 9007199254740::int8 AS big, 12.50::numeric AS price, $2::timestamptz AS t,
      '2026-11-23'::date AS d, $3::jsonb AS j, ARRAY['a', 'Grüße']::text[] AS texts, $4::int[] AS ints,
      true AS yes, NULL::text AS nothing, $5::bytea AS bytes, '1 day 02:00'::interval AS span`;
    const params = [42, new Date('2026-11-23T10:00:00Z'), { a: [1, 'ö'] }, [1, 2], Buffer.from([0, 255])];
    const single = await db.query<Record<string, unknown>>(sql, params);
    const inTransaction = await db.transaction((tx) => tx.query<Record<string, unknown>>(sql, params));
    expect(single).toEqual(inTransaction);
    expect(single.rows[0]).toMatchObject({
      n: 42,
      big: 9007199254740,
      t: new Date('2026-11-23T10:00:00Z'),
      j: { a: [1, 'ö'] },
      texts: ['a', 'Grüße'],
      ints: [1, 2],
      yes: true,
      nothing: null,
    });
    expect([...(single.rows[0]!.bytes as Uint8Array)]).toEqual([0, 255]);
  });

  it('raises the same errors outside and inside a transaction', async () => {
    const db = await getDb();
    await db.query('CREATE TABLE IF NOT EXISTS error_probe (id int PRIMARY KEY)');
    await db.query('INSERT INTO error_probe VALUES (1) ON CONFLICT DO NOTHING');
    const failure = (work: Promise<unknown>) => work.then(() => expect.unreachable(), (error: unknown) => error);
    const duplicate = { code: '23505', message: 'duplicate key value violates unique constraint "error_probe_pkey"' };
    expect(await failure(db.query('INSERT INTO error_probe VALUES (1)'))).toMatchObject(duplicate);
    expect(await failure(db.transaction((tx) => tx.query('INSERT INTO error_probe VALUES (1)')))).toMatchObject(duplicate);
    // refuse() of migration 0024: the order statement recognises its refusal by the message.
    const refused = { code: 'P0001', message: 'probe-refused' };
    expect(await failure(db.query('SELECT refuse($1)', ['probe-refused']))).toMatchObject(refused);
    expect(await failure(db.transaction((tx) => tx.query('SELECT refuse($1)', ['probe-refused'])))).toMatchObject(refused);
    await db.query('DROP TABLE error_probe');
  });

  it('prepares parameterised queries once per connection only on a direct PostgreSQL connection', async () => {
    const db = await getDb();
    const sql = 'SELECT $1::int + 1 AS next';
    const prepared = await db.transaction(async (tx) => {
      // Twice on the one connection of the transaction: the second call reuses the statement.
      expect((await tx.query<{ next: number }>(sql, [1])).rows).toEqual([{ next: 2 }]);
      expect((await tx.query<{ next: number }>(sql, [2])).rows).toEqual([{ next: 3 }]);
      const { rows } = await tx.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE statement = $1', [sql]);
      return rows.map((r) => r.name);
    });
    // Neon is reached through a pooler in transaction mode, PGlite runs in-process: both unnamed.
    expect(prepared).toHaveLength(process.env.TEST_DB_DRIVER === 'postgres' ? 1 : 0);
  });

  it('rolls a transaction back when it throws and commits otherwise', async () => {
    const db = await getDb();
    await db.query('CREATE TABLE IF NOT EXISTS tx_probe (id int PRIMARY KEY)');
    await db.query('DELETE FROM tx_probe');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (1)');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_probe VALUES (2)');
    });
    const { rows } = await db.query<{ id: number }>('SELECT id FROM tx_probe');
    expect(rows).toEqual([{ id: 2 }]);
    await db.query('DROP TABLE tx_probe');
  });

  it('reopens after close and keeps the data', async () => {
    const db = await getDb();
    await db.query('CREATE TABLE IF NOT EXISTS persist_probe (v text)');
    await db.query("INSERT INTO persist_probe VALUES ('bleibt')");
    await closeDb();
    const again = await getDb();
    const { rows } = await again.query<{ v: string }>('SELECT v FROM persist_probe');
    expect(rows).toEqual([{ v: 'bleibt' }]);
    await again.query('DROP TABLE persist_probe');
  });

  it("uses its worker's database of those the harness created for the project", () => {
    const urls = inject('databaseUrls');
    if (process.env.TEST_DB_DRIVER === 'pglite') expect(urls).toEqual([]);
    else expect(env().databaseUrl).toBe(urls[Number(process.env.VITEST_POOL_ID) - 1]);
    if (process.env.TEST_DB_DRIVER === 'neon') {
      expect(env().neonWsProxy).toBe(inject('neonWsProxy'));
      expect(env().neonHttpProxy).toBe(inject('neonHttpProxy'));
    }
  });
});
