import type { Db, Queryable, Transaction } from '../types.ts';
import type { DbDriver } from '../../env.ts';

/** The part of a node-postgres client that both `pg` and Neon's serverless driver implement. */
export interface PoolClientLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
  release(destroy?: boolean): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}

export interface PoolLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
  connect(): Promise<PoolClientLike>;
  end(): Promise<void>;
}

function queryable(target: Pick<PoolLike, 'query'>): Queryable {
  return {
    async query<R extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query(sql, [...params]);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
    },
  };
}

/** A Db over a connection pool with the node-postgres interface (pg, or Neon's Pool). */
export function poolDb(kind: DbDriver, pool: PoolLike): Db {
  return {
    kind,
    ...queryable(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      // The pool takes its own error listener off a client it hands out. A connection lost
      // between two statements of this transaction (the server restarts) would then be an
      // unhandled 'error' event that ends the process; the next statement fails anyway.
      const lost = () => {
        broken = true;
      };
      client.on('error', lost);
      try {
        await client.query('BEGIN');
        const tx: Transaction = {
          ...queryable(client),
          exec: async (script) => {
            await client.query(script);
          },
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true; // the connection is unusable: drop it instead of returning it to the pool
        }
        throw error;
      } finally {
        client.off('error', lost);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * int8 (count(*), bigserial) arrives as a string from node-postgres; PGlite gives a number.
 * Parse it to a number everywhere so repositories see one shape (our values stay far below 2^53).
 */
export const INT8_OID = 20;
export function parseInt8(value: string): number {
  return Number.parseInt(value, 10);
}
