import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startNeonHttpProxy, type NeonHttpProxy } from './neon-http-proxy.ts';
import { startWsProxy, type WsProxy } from './ws-proxy.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Connection strings of this project's own databases, one per test worker ([] for PGlite):
     * files of a real-database project run side by side, each on its worker's database.
     */
    databaseUrls: string[];
    /** host:port/path of the WebSocket proxy for the Neon driver ('' otherwise). */
    neonWsProxy: string;
    /** URL of the Neon HTTP SQL endpoint for the Neon driver ('' otherwise). */
    neonHttpProxy: string;
  }
}

/**
 * Real-database projects get a database per test worker on the TEST_DATABASE_URL server, created
 * fresh for the run and dropped afterwards, so their files run in parallel as PGlite's do, each
 * file alone on its worker's database; the Neon project also gets a local
 * WebSocket-to-TCP proxy (transactions) and a local Neon HTTP SQL endpoint (single statements). PGlite needs nothing here: each test file opens its own.
 */
export default async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DB_DRIVER;
  if (driver !== 'postgres' && driver !== 'neon') {
    project.provide('databaseUrls', []);
    project.provide('neonWsProxy', '');
    project.provide('neonHttpProxy', '');
    return;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL fehlt für das Projekt ' + project.name);

  const run = `it_${driver}_${randomBytes(4).toString('hex')}`;
  const names = Array.from({ length: project.config.maxWorkers }, (_, index) => `${run}_w${index + 1}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  project.provide(
    'databaseUrls',
    names.map((name) => Object.assign(new URL(url), { pathname: `/${name}` }).toString()),
  );

  let proxy: WsProxy | undefined;
  let httpProxy: NeonHttpProxy | undefined;
  if (driver === 'neon') {
    const target = { host: url.hostname, port: Number(url.port || 5432) };
    proxy = await startWsProxy(target);
    httpProxy = await startNeonHttpProxy(target);
    project.provide('neonWsProxy', proxy.address);
    project.provide('neonHttpProxy', httpProxy.endpoint);
  } else {
    project.provide('neonWsProxy', '');
    project.provide('neonHttpProxy', '');
  }

  return async () => {
    await proxy?.close();
    await httpProxy?.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    for (const name of names) await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
}
