/**
 * Where a benchmark keeps its data: a fresh PostgreSQL database on the local server (created
 * and dropped by the run) and a temporary data directory. Nothing of a run survives it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The local PostgreSQL of development and CI (README); scratch databases are made through it. */
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Scratch {
  /** Environment for every process of the run (server, user-create). */
  env: { DB_DRIVER: 'postgres'; DATABASE_URL: string };
  /** A data directory (mail files, etc.) per process. */
  dataDir(name: string): string;
  drop(): Promise<void>;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The server version, for the record in docs/benchmarks.md. */
export const postgresVersion = () =>
  withAdmin(async (client) => (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? '?');

export async function createScratch(): Promise<Scratch> {
  const root = mkdtempSync(join(tmpdir(), 'bench-postgres-'));
  const dataDir = (name: string) => join(root, name);
  const name = `bench_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    env: { DB_DRIVER: 'postgres', DATABASE_URL: url.toString() },
    dataDir,
    drop: async () => {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
