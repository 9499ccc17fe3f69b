/**
 * `npm run bench [-- --seconds S --port PORT]`: the endpoint benchmarks of issue 12 on
 * PostgreSQL and PGlite against their ceiling, then `bench:chat` and `bench:hashcash`; prints
 * one table and writes it to docs/benchmarks.md. Exits 1 when a request failed or a chat
 * message was lost or duplicated — never because of a speed: benchmarks measure, they do not
 * judge. `npm run bench` builds first, like `npm start`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { benchEndpoints, type DriverResult } from './api-bench.ts';
import { benchChat, DEFAULT_CHAT_OPTIONS, describeChat } from './chat-bench.ts';
import { benchHashcash } from './hashcash.ts';
import { CONNECTIONS } from './load.ts';
import { postgresVersion } from './scratch-db.ts';
import { benchmarksMarkdown, markdownTable, tableRows, type BenchReport } from './table.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, port: { type: 'string', default: '4551' } } });
const seconds = Number(values.seconds);
const port = Number(values.port);
if (!Number.isInteger(seconds) || seconds < 1 || !Number.isInteger(port) || port < 1 || port > 65533) {
  console.error('Aufruf: npm run bench -- [--seconds S] [--port PORT] (PORT bis PORT+2 werden benutzt)');
  process.exit(2);
}

const started = performance.now();
// Other work on the machine skews every number; the table records how busy it was.
const loadAtStart = os.loadavg()[0] ?? 0;
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

try {
  const drivers: DriverResult[] = [];
  for (const driver of ['postgres', 'pglite'] as const) {
    console.log(`[${elapsed()}] Endpunkte auf ${driver} …`);
    drivers.push(await benchEndpoints(driver, { server: port, ceiling: port + 1 }, seconds));
  }
  console.log(`[${elapsed()}] bench:chat …`);
  const chat = await benchChat(DEFAULT_CHAT_OPTIONS, port + 2);
  for (const line of describeChat(chat)) console.log(line);
  console.log(`[${elapsed()}] bench:hashcash …`);
  const hashcash = await benchHashcash();
  console.log(hashcash.output);

  const pglite = (JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string }).version;
  const cpus = os.cpus();
  const report: BenchReport = {
    date: new Date(),
    machine: `${cpus[0]?.model.trim() ?? 'unbekannte CPU'}, ${cpus.length} Kerne, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Last (1 min) beim Start ${loadAtStart.toFixed(1).replace('.', ',')}`,
    versions: `Node ${process.version}, PostgreSQL ${await postgresVersion()}, PGlite ${pglite}`,
    seconds,
    connections: CONNECTIONS,
    drivers,
    chat,
    hashcash: hashcash.rows,
  };
  console.log(`\n${markdownTable(tableRows(report))}`);
  writeFileSync('docs/benchmarks.md', benchmarksMarkdown(report));
  console.log(`\n[${elapsed()}] geschrieben: docs/benchmarks.md`);

  const failures = drivers.flatMap((d) => [d.ceiling, ...d.cases]).reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  if (failures > 0 || chat.lost > 0 || chat.duplicated > 0) {
    console.error(`Fehler im Lauf: ${failures} fehlgeschlagene Anfragen, ${chat.lost} verlorene, ${chat.duplicated} doppelte Nachrichten`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error('Benchmark fehlgeschlagen:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}
