import pg from 'pg';
import type { Db } from '../types.ts';
import { INT8_OID, parseInt8, poolDb } from './pool.ts';

/** node-postgres for any PostgreSQL reachable over TCP (CI, self-hosted). */
export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({
    connectionString,
    max: 5,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) => console.error('[db] Verbindung im Pool verloren:', error.message));
  // A direct connection: each pooled client keeps its server session, so named statements pay off.
  return poolDb('postgres', pool, { namedStatements: true });
}
