import { neonConfig, Pool, types } from '@neondatabase/serverless';
import WebSocket from 'ws';
import type { Db } from '../types.ts';
import { INT8_OID, parseInt8, poolDb, type PoolLike } from './pool.ts';

/**
 * Neon's serverless driver: the PostgreSQL protocol over a WebSocket, as used on Netlify.
 * With `wsProxy` (host:port[/path]) it talks plain ws:// to a WebSocket-to-TCP proxy in
 * front of any PostgreSQL: Neon's documented local-development setup, used by our tests.
 */
export function openNeon(connectionString: string, wsProxy?: string): Db {
  neonConfig.webSocketConstructor = WebSocket;
  if (wsProxy) {
    neonConfig.wsProxy = (host, port) => `${wsProxy}?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  const pool = new Pool({
    connectionString,
    max: 5,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
    },
  });
  pool.on('error', (error: Error) => console.error('[db] Neon-Verbindung verloren:', error.message));
  // Netlify reaches Neon through its pooled address (PgBouncer, transaction mode): no named statements.
  return poolDb('neon', pool as unknown as PoolLike, { namedStatements: false });
}
