import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own on the CI PostgreSQL, created for one run and dropped afterwards. */
export interface ScratchDb {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDb(adminUrl: string): Promise<ScratchDb> {
  const name = `deploy_parity_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // FORCE: a server that was killed may leave connections behind.
    drop: () => withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, statement_timeout: 30_000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
