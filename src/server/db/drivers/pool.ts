import { createHash } from 'node:crypto';
import type { Db, Queryable, Transaction } from '../types.ts';
import type { DbDriver } from '../../env.ts';
import { roundTrip } from '../round-trips.ts';

/** A query as node-postgres takes it; `name` makes it a named (prepared) statement. */
interface QueryConfig {
  name?: string;
  text: string;
  values?: unknown[];
}

type QueryResultLike = Promise<{ rows: unknown[]; rowCount: number | null }>;

/** The part of a node-postgres client that both `pg` and Neon's serverless driver implement. */
interface PoolClientLike {
  query(sql: string, params?: unknown[]): QueryResultLike;
  query(config: QueryConfig): QueryResultLike;
  release(destroy?: boolean): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}

export interface PoolLike {
  query(sql: string, params?: unknown[]): QueryResultLike;
  query(config: QueryConfig): QueryResultLike;
  connect(): Promise<PoolClientLike>;
  end(): Promise<void>;
}

/**
 * Our SQL texts are constants of the code (dynamic parts are column lists and filters chosen
 * from fixed sets), so their number is small; the cap keeps a mistake from filling every
 * connection with statements that are never used again.
 */
const MAX_NAMED_STATEMENTS = 1000;
const statementNames = new Map<string, string>();

/** A stable name per SQL text, so each connection prepares a statement once. */
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `q_${createHash('sha256').update(sql).digest('base64url').slice(0, 22)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * With `named`, every query with parameters runs as a named statement: PostgreSQL parses and
 * plans it once per connection and then only binds and executes it. Unnamed, it is parsed and
 * planned again on every call, which for a short lookup such as the session check is most of
 * the database's work (docs/decisions/0024). Queries without parameters keep the simple
 * protocol: migrations send several statements in one text, which a prepared statement cannot.
 */
function queryable(target: Pick<PoolLike, 'query'>, named: boolean): Queryable {
  return {
    async query<R extends object>(sql: string, params: readonly unknown[] = []) {
      const name = named && params.length > 0 ? statementName(sql) : undefined;
      const result = await roundTrip(() => (name ? target.query({ name, text: sql, values: [...params] }) : target.query(sql, [...params])));
      return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
    },
  };
}

export interface PoolDbOptions {
  /**
   * Named statements live in one server session. Only a direct connection keeps that session
   * for the pool's connection; a pooler in transaction mode (PgBouncer, Neon's `-pooler`
   * address) may hand the next transaction another one, where the name is unknown.
   */
  namedStatements: boolean;
}

/** A Db over a connection pool with the node-postgres interface (pg, or Neon's Pool). */
export function poolDb(kind: DbDriver, pool: PoolLike, { namedStatements }: PoolDbOptions): Db {
  return {
    kind,
    ...queryable(pool, namedStatements),
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
        await roundTrip(() => client.query('BEGIN'));
        const tx: Transaction = {
          ...queryable(client, namedStatements),
          exec: async (script) => {
            await roundTrip(() => client.query(script));
          },
        };
        const result = await fn(tx);
        await roundTrip(() => client.query('COMMIT'));
        return result;
      } catch (error) {
        try {
          await roundTrip(() => client.query('ROLLBACK'));
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
