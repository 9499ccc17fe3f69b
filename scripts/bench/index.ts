/**
 * `npm run bench [-- --seconds S --port PORT]`: the hot endpoints of issue 22 on PostgreSQL,
 * directly and behind a proxy adding 5 ms per round trip (round trips as the server's data layer
 * reports them), then `bench:chat` and `bench:hashcash`; prints the tables and writes them to
 * docs/benchmarks.md. Exits 1 when a request failed, an answer carried no round-trip count or a
 * chat message was lost or duplicated — never because of a speed: benchmarks measure, they do
 * not judge. `npm run bench` builds first, like `npm start`.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { benchEndpoints, PROXY_DELAY_MS } from './api-bench.ts';
import { benchChat, DEFAULT_CHAT_OPTIONS, describeChat } from './chat-bench.ts';
import { benchHashcash } from './hashcash.ts';
import { postgresVersion } from './scratch-db.ts';
import { benchmarksMarkdown, endpointTable, otherTable, type BenchReport } from './table.ts';

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
  const endpoints = await benchEndpoints(seconds, port, (line) => console.log(`[${elapsed()}] ${line}`));
  console.log(`[${elapsed()}] bench:chat …`);
  const chat = await benchChat(DEFAULT_CHAT_OPTIONS, port + 2);
  for (const line of describeChat(chat)) console.log(line);
  console.log(`[${elapsed()}] bench:hashcash …`);
  const hashcash = await benchHashcash();
  console.log(hashcash.output);

  const cpus = os.cpus();
  const report: BenchReport = {
    date: new Date(),
    machine: `${cpus[0]?.model.trim() ?? 'unbekannte CPU'}, ${cpus.length} Kerne, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Last (1 min) beim Start ${loadAtStart.toFixed(1).replace('.', ',')}`,
    versions: `Node ${process.version}, PostgreSQL ${await postgresVersion()}, Treiber pg`,
    seconds,
    delayMs: PROXY_DELAY_MS,
    endpoints,
    chat,
    hashcash: hashcash.rows,
  };
  console.log(`\n${endpointTable(endpoints, PROXY_DELAY_MS)}\n\n${otherTable(chat, hashcash.rows)}`);
  writeFileSync('docs/benchmarks.md', benchmarksMarkdown(report));
  console.log(`\n[${elapsed()}] geschrieben: docs/benchmarks.md`);

  const failures = endpoints.reduce((sum, result) => sum + result.failures, 0);
  if (failures > 0 || chat.lost > 0 || chat.duplicated > 0) {
    console.error(`Fehler im Lauf: ${failures} fehlgeschlagene Anfragen, ${chat.lost} verlorene, ${chat.duplicated} doppelte Nachrichten`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error('Benchmark fehlgeschlagen:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}
