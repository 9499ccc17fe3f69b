/**
 * The endpoint part of `npm run bench` (issue 22): the hot requests of the site against the local
 * server on a fresh PostgreSQL database, once connected directly and once through the delay proxy
 * (5 ms per round trip, like Neon in the same region). Requests go one after another, as a
 * function instance serves them: the latency of one request is what a visitor waits for, and
 * with 5 ms per trip it grows with the round trips the data layer reports in `Server-Timing`.
 */
import { randomUUID } from 'node:crypto';
import { agb } from '../../src/data/agb.ts';
import { searchNonce, type HashcashTask } from '../../src/lib/hashcash/index.ts';
import { BrowserClient, loopbackAddress, type RawResponse } from './client.ts';
import { startDelayProxy } from './delay-proxy.ts';
import { createAccount, processEnv, startServer, type Account } from './processes.ts';
import { roundTripsOf, summarize, type Summary } from './samples.ts';
import { createScratch } from './scratch-db.ts';
import { roundTripCell } from './table.ts';

/** Neon's typical round trip within a region. */
export const PROXY_DELAY_MS = 5;

/** Each case runs at least this many measured requests, however long they take. */
const MIN_REQUESTS = 20;
/** Untimed requests per case first: the first call of a function loads its module. */
const WARM_UP = 3;

/**
 * Proof of work in the run: 2 tasks of difficulty 2 instead of 48 of difficulty 4, so the benchmark
 * does not spend seconds solving before each order. The server spends all solutions of an order in
 * one statement, so their number does not change the round trips; the hashcash task answer gets
 * cheaper by 46 signatures.
 */
const HASHCASH_ENV = { HASHCASH_TASKS: '2', HASHCASH_DIFFICULTY: '2' };

export type Column = 'direct' | 'proxy';

export interface CaseResult {
  name: string;
  /** Why the case is set up the way it is, for the table. */
  note?: string;
  direct?: Summary;
  proxy?: Summary;
  /** Answers with another status than the case expects, or requests that failed, in both columns. */
  failures: number;
  /** Answers without a round-trip count in Server-Timing (counted as failures too). */
  uncounted: number;
}

/** Source addresses of this process's clients; every client gets a new one (rate limits key on it). */
let nextAddress = 2_000_000;
const newClient = (origin: string) => new BrowserClient(origin, loopbackAddress(nextAddress++));

/**
 * A client for `perClient` requests, then a new one from a new address, set up by `setup` (untimed).
 * Keeps the server's per-address and per-visitor limits out of reach, as many real visitors would.
 */
function rotating<T>(origin: string, perClient: number, setup: (client: BrowserClient) => Promise<T>) {
  let current: { client: BrowserClient; state: T; used: number } | undefined;
  return {
    async next(): Promise<{ client: BrowserClient; state: T }> {
      if (!current || current.used >= perClient) {
        current?.client.close();
        const client = newClient(origin);
        current = { client, state: await setup(client), used: 0 };
      }
      current.used++;
      return current;
    },
    close: () => current?.client.close(),
  };
}

interface Case {
  name: string;
  note?: string;
  expect: number[];
  /** Untimed preparation of one request; returns the request to time. */
  prepare(): Promise<() => Promise<RawResponse>>;
  close(): void;
}

async function startConversation(client: BrowserClient): Promise<{ id: string; lastId: number }> {
  await client.prime();
  const body = await client.expect<{ conversation: { id: string }; message: { id: number | string } }>([201], 'POST', '/api/chat/conversations', {
    text: 'Guten Tag, ich habe eine Frage zu meinem Auftrag.',
    tempId: randomUUID(),
  });
  return { id: body.conversation.id, lastId: Number(body.message.id) };
}

/** A consumer's order as the checkout sends it (tests/integration/orders), to a new address each time. */
function orderBody(n: number, tasks: HashcashTask[]) {
  return {
    items: [
      { id: 'webapp-basis-6m', quantity: 1 },
      { id: 'software-development', quantity: 3 },
    ],
    customer: {
      type: 'consumer',
      name: 'Erika Mustermann',
      street: 'Heidestraße 17',
      postalCode: '51147',
      city: 'Köln',
      country: 'Deutschland',
      // Each order its own address: the daily mail cap per address (0042) would change the work.
      email: `kundin-${n}@bench.example`,
    },
    paymentMethod: 'invoice',
    consents: { agb: true, agbVersion: agb.version, earlyStart: true, waiverAcknowledged: true },
    hashcash_solutions: tasks.map((task) => ({ ...task, nonce: searchNonce(task)! })),
  };
}

async function loggedIn(origin: string, account: Account): Promise<BrowserClient> {
  const client = newClient(origin);
  await client.login(account.email, account.password);
  return client;
}

async function cases(origin: string, account: Account): Promise<Case[]> {
  const me = await loggedIn(origin, account);
  const anonymous = newClient(origin);
  await anonymous.prime();

  // Pollers: a few visitors with a conversation each, polling after their last message (no news).
  const pollers = await Promise.all(
    Array.from({ length: 5 }, async () => {
      const client = newClient(origin);
      return { client, conversation: await startConversation(client) };
    }),
  );
  let poll = 0;
  // Senders: 20 messages a minute per visitor (the first started the conversation), 120 per 10 minutes per address.
  const senders = rotating(origin, 15, startConversation);
  const captchas = rotating(origin, 25, async () => undefined); // 30 new captchas a minute per address
  const tasks = rotating(origin, 25, async () => undefined); // 30 hashcash tasks a minute per address
  // 30 orders per 10 minutes and 30 hashcash tasks a minute per address; each order fetches its tasks first.
  const buyers = rotating(origin, 10, (client) => client.prime());
  let order = 0;

  return [
    {
      name: 'GET /api/chat/conversations/:id/messages?after=… (Besucher fragt ab)',
      note: '5 Besucher reihum, keine neuen Nachrichten',
      expect: [200],
      prepare: async () => {
        const { client, conversation } = pollers[poll++ % pollers.length]!;
        return () => client.send('GET', `/api/chat/conversations/${conversation.id}/messages?after=${conversation.lastId}`);
      },
      close: () => pollers.forEach(({ client }) => client.close()),
    },
    {
      name: 'POST /api/chat/conversations/:id/messages (Besucher schreibt)',
      note: 'je Besucher 15 Nachrichten, dann ein neuer',
      expect: [201],
      prepare: async () => {
        const { client, state } = await senders.next();
        return () => client.send('POST', `/api/chat/conversations/${state.id}/messages`, { text: 'Noch eine Frage dazu.', tempId: randomUUID() });
      },
      close: senders.close,
    },
    {
      name: 'POST /api/orders (Bestellung)',
      note: 'je Adresse 10 Bestellungen, Hashcash vorher geholt und gelöst',
      expect: [201],
      prepare: async () => {
        const { client } = await buyers.next();
        const { tasks: issued } = await client.expect<{ tasks: HashcashTask[] }>([200], 'GET', '/security/hashcash/task');
        const body = orderBody(order++, issued);
        return () => client.send('POST', '/api/orders', body, { 'idempotency-key': randomUUID() });
      },
      close: buyers.close,
    },
    {
      name: 'GET /security/captcha/image.png',
      note: 'je Adresse 25 Bilder',
      expect: [200],
      prepare: async () => {
        const { client } = await captchas.next();
        return () => client.send('GET', '/security/captcha/image.png');
      },
      close: captchas.close,
    },
    {
      name: 'GET /security/hashcash/task',
      note: 'je Adresse 25 Anfragen; im Lauf 2 Aufgaben statt 48',
      expect: [200],
      prepare: async () => {
        const { client } = await tasks.next();
        return () => client.send('GET', '/security/hashcash/task');
      },
      close: tasks.close,
    },
    {
      name: 'GET /api/auth/me (Sitzung prüfen)',
      expect: [200],
      prepare: async () => () => me.send('GET', '/api/auth/me'),
      close: () => me.close(),
    },
    {
      name: 'POST /api/auth/login (bcrypt)',
      note: 'erfolgreiche Anmeldungen, jede mit neuer Sitzung',
      expect: [200],
      prepare: async () => () => anonymous.send('POST', '/api/auth/login', { email: account.email, password: account.password }),
      close: () => anonymous.close(),
    },
  ];
}

/** Times the requests of one case on one server and keeps what their answers reported. */
function recorder(entry: Case) {
  const latencies: number[] = [];
  const roundTrips: number[] = [];
  let failures = 0;
  let uncounted = 0;
  return {
    async one(timed: boolean): Promise<void> {
      try {
        const request = await entry.prepare();
        const started = performance.now();
        const response = await request();
        const took = performance.now() - started;
        if (!entry.expect.includes(response.status)) {
          failures++;
          if (failures <= 3) console.error(`  ${entry.name}: ${response.status} ${response.body.toString().slice(0, 200)}`);
          return;
        }
        const trips = roundTripsOf(response.headers['server-timing'] as string | undefined);
        if (trips === undefined) {
          uncounted++;
          return;
        }
        if (timed) {
          latencies.push(took);
          roundTrips.push(trips);
        }
      } catch (error) {
        failures++;
        if (failures <= 3) console.error(`  ${entry.name}:`, error instanceof Error ? error.message : error);
      }
    },
    get requests() {
      return latencies.length;
    },
    result: () => ({ summary: summarize(latencies, roundTrips), failures, uncounted }),
  };
}

interface RunningColumn {
  cases: Case[];
  stop(): Promise<void>;
}

/** A fresh database and a server on it, connected directly or through the delay proxy. */
async function startColumn(column: Column, port: number): Promise<RunningColumn> {
  const scratch = await createScratch();
  const proxy = column === 'proxy' ? await startDelayProxy({ host: '127.0.0.1', port: 5432 }, PROXY_DELAY_MS) : undefined;
  const cleanUp = async () => {
    await proxy?.close();
    await scratch.drop();
  };
  try {
    const direct = processEnv(scratch, scratch.dataDir('server'), HASHCASH_ENV);
    // Accounts and migrations straight to the database; only the measured server pays the delay.
    const account = await createAccount(direct, 'agent', true);
    const serverEnv = proxy ? { ...direct, DATABASE_URL: proxy.through(scratch.env.DATABASE_URL) } : direct;
    const server = await startServer('scripts/serve.ts', serverEnv, port, '/api/health');
    try {
      const entries = await cases(server.origin, account);
      return {
        cases: entries,
        stop: async () => {
          for (const entry of entries) entry.close();
          await server.stop();
          await cleanUp();
        },
      };
    } catch (error) {
      await server.stop();
      throw error;
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * Both columns at once, each on its own fresh database and server (neither inherits the other's
 * rows or rate-limit counts). Their requests alternate, one direct, one through the proxy, so a
 * change in the load of the shared machine hits both columns alike. Per case WARM_UP untimed
 * requests each, then 2 × `seconds` in turn, at least MIN_REQUESTS per column.
 */
export async function benchEndpoints(seconds: number, port: number, log: (line: string) => void): Promise<CaseResult[]> {
  log(`Endpunkte: PostgreSQL direkt (Port ${port}) und hinter dem Proxy mit +${PROXY_DELAY_MS} ms je Round Trip (Port ${port + 1}), abwechselnd …`);
  const direct = await startColumn('direct', port);
  try {
    const proxied = await startColumn('proxy', port + 1);
    try {
      return await measureAll(direct.cases, proxied.cases, seconds);
    } finally {
      await proxied.stop();
    }
  } finally {
    await direct.stop();
  }
}

async function measureAll(directCases: Case[], proxyCases: Case[], seconds: number): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const [i, entry] of directCases.entries()) {
    const columns = { direct: recorder(entry), proxy: recorder(proxyCases[i]!) };
    for (let n = 0; n < WARM_UP; n++) {
      await columns.direct.one(false);
      await columns.proxy.one(false);
    }
    const until = performance.now() + 2 * seconds * 1000;
    while (performance.now() < until || Math.min(columns.direct.requests, columns.proxy.requests) < MIN_REQUESTS) {
      await columns.direct.one(true);
      await columns.proxy.one(true);
      // A case that only fails would never reach MIN_REQUESTS.
      if (performance.now() > until + 60_000) break;
    }
    const result: CaseResult = { name: entry.name, ...(entry.note ? { note: entry.note } : {}), failures: 0, uncounted: 0 };
    for (const column of ['direct', 'proxy'] as const) {
      const { summary, failures, uncounted } = columns[column].result();
      result[column] = summary;
      result.failures += failures + uncounted;
      result.uncounted += uncounted;
      console.log(
        `  ${entry.name}, ${column === 'direct' ? 'direkt' : `+${PROXY_DELAY_MS} ms`}: ${roundTripCell([summary])} Round Trips, ` +
          `p50 ${summary.p50.toFixed(1)} ms, p95 ${summary.p95.toFixed(1)} ms (${summary.requests} Anfragen, ${failures} Fehler, ${uncounted} ohne Zählung)`,
      );
    }
    results.push(result);
  }
  return results;
}
