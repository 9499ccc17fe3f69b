import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import { noteRoundTrip, roundTrip } from '../round-trips.ts';
import type { Db, Queryable, QueryResult, Transaction } from '../types.ts';

interface PgliteLike {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  exec(script: string): Promise<unknown>;
}

function toResult<R>(result: { rows: R[]; affectedRows?: number }): QueryResult<R> {
  return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
}

function queryable(target: PgliteLike): Queryable {
  return {
    async query<R extends object>(sql: string, params: readonly unknown[] = []) {
      return toResult(await roundTrip(() => target.query<R>(sql, [...params])));
    },
  };
}

function transaction(tx: PgliteLike): Transaction {
  return {
    ...queryable(tx),
    exec: async (script) => {
      await roundTrip(() => tx.exec(script));
    },
  };
}

/**
 * Embedded PostgreSQL (WebAssembly) in this process. A directory keeps the data across
 * restarts; `undefined` gives an in-memory database. PGlite serves one connection, so it
 * queues queries itself and its transactions are exclusive.
 */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    ...queryable(pg),
    transaction: async (fn) => {
      noteRoundTrip(); // BEGIN
      try {
        return await pg.transaction((tx) => fn(transaction(tx)));
      } finally {
        noteRoundTrip(); // COMMIT or ROLLBACK
      }
    },
    close: () => pg.close(),
  };
}
