import { neon, neonConfig, Pool, types } from '@neondatabase/serverless';
import WebSocket from 'ws';
import type { Db, Queryable } from '../types.ts';
import { roundTrip } from '../round-trips.ts';
import { INT8_OID, parseInt8, poolDb, type PoolLike } from './pool.ts';

export interface NeonProxies {
  /** host:port[/path] of a WebSocket-to-TCP proxy, spoken to over plain ws://. */
  ws?: string | undefined;
  /** URL of an endpoint speaking Neon's HTTP SQL protocol, instead of https://api.<host>/sql. */
  http?: string | undefined;
}

/** The same parsers on both paths, so a value reads the same whichever path fetched it. */
const parsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? parseInt8 : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
};

/**
 * Neon's serverless driver, as used on Netlify. A single statement outside a transaction is one
 * HTTPS request to Neon's SQL endpoint: no WebSocket to open and no connection to borrow from a
 * pool that a cold function does not have yet. A transaction needs one connection for several
 * statements that depend on each other, so it runs over a WebSocket of the Pool.
 * The proxies are Neon's documented local-development setup, used by our tests against any
 * PostgreSQL (docs/decisions/0044).
 */
export function openNeon(connectionString: string, proxies: NeonProxies = {}): Db {
  neonConfig.webSocketConstructor = WebSocket;
  if (proxies.ws) {
    const wsProxy = proxies.ws;
    neonConfig.wsProxy = (host, port) => `${wsProxy}?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  if (proxies.http) neonConfig.fetchEndpoint = proxies.http;
  const pool = new Pool({ connectionString, max: 5, types: parsers });
  pool.on('error', (error: Error) => console.error('[db] Neon-Verbindung verloren:', error.message));
  // Netlify reaches Neon through its pooled address (PgBouncer, transaction mode): no named statements.
  const db = poolDb('neon', pool as unknown as PoolLike, { namedStatements: false });
  return { ...db, ...overHttp(connectionString) };
}

/** `db.query` as one request to the SQL endpoint, counted as the round trip it is. */
function overHttp(connectionString: string): Queryable {
  const sql = neon(connectionString, { fullResults: true });
  return {
    async query<R extends object>(text: string, params: readonly unknown[] = []) {
      const result = await roundTrip(() => sql.query(text, [...params], { types: parsers }));
      return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
    },
  };
}
