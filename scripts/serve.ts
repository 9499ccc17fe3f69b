/**
 * Serves the built site (dist/) and every function on one port: `npm start` runs it after
 * `astro build`. Listens on 127.0.0.1 only.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureDemoAgent } from '../src/server/auth/demo-agent.ts';
import { closeDb, getDb } from '../src/server/db/index.ts';
import { env } from '../src/server/env.ts';
import { startLocalServer } from '../src/server/local/server.ts';

const host = '127.0.0.1';
const port = Number.parseInt(process.env.PORT ?? '4321', 10);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`Ungültiger PORT: ${process.env.PORT}`);
  process.exit(1);
}

// Links in mails and the sign-in redirect name the configured public address, never a request's
// Host header; locally, unless an operator names one, that is this very server.
if (!process.env.SITE_URL && !process.env.URL) process.env.SITE_URL = `http://${host}:${port}`;

const distDir = resolve('dist');
if (!existsSync(join(distDir, 'index.html'))) {
  console.error('Kein Build gefunden: bitte zuerst `npm run build` ausführen (oder `npm start`).');
  process.exit(1);
}

try {
  // Opening the database applies pending migrations before the first visitor arrives.
  const db = await getDb();
  const server = await startLocalServer({
    distDir,
    functionsDir: resolve('netlify/functions'),
    host,
    port,
  });
  console.log(`Server bereit: http://${host}:${port} (Datenbank: ${db.kind})`);
  // Only the local default gets a demo agent; a real database gets its agents from `npm run user:create`.
  if (db.kind === 'pglite' && !env().onNetlify) {
    const agent = await ensureDemoAgent(db, env().dataDir);
    if (agent) console.log(`Demo-Agent (nur lokal): E-Mail ${agent.email} · Passwort ${agent.password}`);
  }

  const shutdown = () => {
    server.close();
    server.closeAllConnections();
    closeDb().finally(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  console.error('Der Server konnte nicht starten:', error instanceof Error ? error.message : error);
  process.exit(1);
}
