import type { DbDriver } from '../env.ts';

export interface QueryResult<R> {
  rows: R[];
  /** Rows returned by a SELECT, or touched by INSERT/UPDATE/DELETE. */
  rowCount: number;
}

/** What repositories need: parameterised SQL, nothing driver-specific. */
export interface Queryable {
  query<R extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
}

/** One connection inside BEGIN/COMMIT. */
export interface Transaction extends Queryable {
  /** Runs a script of several statements without parameters (migrations only). */
  exec(script: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: DbDriver;
  /** Runs fn inside BEGIN/COMMIT on one connection; any throw rolls back. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
