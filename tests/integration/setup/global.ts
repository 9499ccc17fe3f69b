import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startWsProxy, type WsProxy } from './ws-proxy.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of this project's own database ('' for PGlite). */
    databaseUrl: string;
    /** host:port/path of the WebSocket proxy for the Neon driver ('' otherwise). */
    neonWsProxy: string;
  }
}

/**
 * Real-database projects get a database of their own on the TEST_DATABASE_URL server,
 * created fresh for the run and dropped afterwards; the Neon project also gets a local
 * WebSocket-to-TCP proxy. PGlite needs nothing here: each test file opens its own.
 */
export default async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DB_DRIVER;
  if (driver !== 'postgres' && driver !== 'neon') {
    project.provide('databaseUrl', '');
    project.provide('neonWsProxy', '');
    return;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL fehlt für das Projekt ' + project.name);

  const name = `it_${driver}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  project.provide('databaseUrl', url.toString());

  let proxy: WsProxy | undefined;
  if (driver === 'neon') {
    proxy = await startWsProxy({ host: url.hostname, port: Number(url.port || 5432) });
    project.provide('neonWsProxy', proxy.address);
  } else {
    project.provide('neonWsProxy', '');
  }

  return async () => {
    await proxy?.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
}
