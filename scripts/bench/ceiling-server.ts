/**
 * The ceiling of `npm run bench`: a bare `node:http` server that answers every request with one
 * `SELECT 1` through the same database layer as the functions (src/server/db, same driver and
 * pool). No routing, cookies, CSRF or headers: what the machine and driver allow at best.
 */
import http from 'node:http';
import { closeDb, getDb } from '../../src/server/db/index.ts';

const db = await getDb();
const server = http.createServer((_request, response) => {
  db.query('SELECT 1 AS ok').then(
    () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
    () => response.writeHead(503).end(),
  );
});
server.keepAliveTimeout = 10_000;
server.listen(Number(process.env.PORT), '127.0.0.1');

process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  closeDb().finally(() => process.exit(0));
});
