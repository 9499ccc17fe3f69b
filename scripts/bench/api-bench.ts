/**
 * The endpoint part of `npm run bench` (issue 12) for one database: the local server on the
 * built site and the ceiling server, both on a fresh database, then the autocannon cases.
 */
import { randomUUID } from 'node:crypto';
import { BrowserClient, loopbackAddress } from './client.ts';
import { load, type LoadCase, type LoadResult } from './load.ts';
import { createAccount, processEnv, startServer, type Account } from './processes.ts';
import { createScratch, type Driver } from './scratch-db.ts';

export interface CaseResult extends LoadResult {
  name: string;
  /** Form and chat endpoints carry issue 12's goal: at least 50 % of the ceiling. */
  goal: boolean;
  /** Why the case is set up the way it is, for the table. */
  note?: string;
}

export interface DriverResult {
  driver: Driver;
  ceiling: LoadResult;
  cases: CaseResult[];
}

/** Conversations the agent's replies go to, each started by its own visitor. */
const CONVERSATIONS = 20;

/** Addresses of the set-up clients, apart from the chat benchmark's and the rotating ones. */
const SETUP_ADDRESSES = 500_000;

async function startConversations(origin: string): Promise<string[]> {
  return Promise.all(
    Array.from({ length: CONVERSATIONS }, async (_, i) => {
      const visitor = new BrowserClient(origin, loopbackAddress(SETUP_ADDRESSES + 10 + i));
      try {
        await visitor.prime();
        const body = await visitor.expect<{ conversation: { id: string } }>([201], 'POST', '/api/chat/conversations', {
          text: 'Guten Tag, ich habe eine Frage zu meinem Auftrag.',
          tempId: randomUUID(),
        });
        return body.conversation.id;
      } finally {
        visitor.close();
      }
    }),
  );
}

async function loggedIn(origin: string, n: number, account: Account): Promise<BrowserClient> {
  const client = new BrowserClient(origin, loopbackAddress(SETUP_ADDRESSES + n));
  await client.login(account.email, account.password);
  return client;
}

type Case = LoadCase &
  Omit<CaseResult, keyof LoadResult> & {
    /** Requests that take seconds (bcrypt under 20 connections) need a longer run to be counted. */
    minSeconds?: number;
  };

/**
 * One agent account serves every case: `/api/auth/me` looks its session up like a customer's,
 * and each extra account costs a process start (with PGlite a full database open).
 */
async function cases(origin: string, agent: Account): Promise<Case[]> {
  const meClient = await loggedIn(origin, 1, agent);
  const agentClient = await loggedIn(origin, 2, agent);
  const anonymous = new BrowserClient(origin, loopbackAddress(SETUP_ADDRESSES + 3));
  await anonymous.prime();
  const conversations = await startConversations(origin);
  let reply = 0;
  const result = [
    {
      name: 'GET /api/auth/me (angemeldet)',
      goal: false,
      url: `${origin}/api/auth/me`,
      headers: { cookie: meClient.cookieHeader() },
    },
    {
      name: 'GET /security/hashcash/task',
      goal: true,
      note: '10 Anfragen je Loopback-Adresse',
      url: `${origin}/security/hashcash/task`,
      requestsPerAddress: 10,
    },
    {
      name: 'POST Chat-Antwort eines Agenten',
      goal: true,
      note: `${CONVERSATIONS} Unterhaltungen reihum`,
      url: `${origin}/api/agent/conversations/${conversations[0]}/messages`,
      method: 'POST' as const,
      headers: agentClient.unsafeHeaders(),
      next: () => {
        const id = conversations[reply++ % conversations.length];
        return {
          path: `/api/agent/conversations/${id}/messages`,
          body: JSON.stringify({ text: 'Vielen Dank, wir kümmern uns darum.', tempId: randomUUID() }),
        };
      },
    },
    {
      name: 'POST /api/auth/login (bcrypt)',
      goal: true,
      note: 'erfolgreiche Anmeldungen, jede mit neuer Sitzung',
      minSeconds: 15,
      // A browser waits longer than autocannon's 10 s; on a busy machine 20 parallel logins take that long.
      timeoutSeconds: 30,
      url: `${origin}/api/auth/login`,
      method: 'POST' as const,
      headers: anonymous.unsafeHeaders(),
      next: () => ({ body: JSON.stringify({ email: agent.email, password: agent.password }) }),
    },
  ];
  for (const client of [meClient, agentClient, anonymous]) client.close();
  return result;
}

export async function benchEndpoints(driver: Driver, ports: { server: number; ceiling: number }, seconds: number): Promise<DriverResult> {
  const scratch = await createScratch(driver);
  try {
    const serverEnv = processEnv(scratch, scratch.dataDir('server'));
    // Before the server starts: PGlite allows one process per data directory.
    const agent = await createAccount(serverEnv, 'agent', true);
    const server = await startServer('scripts/serve.ts', serverEnv, ports.server, '/api/health');
    try {
      const ceilingServer = await startServer('scripts/bench/ceiling-server.ts', processEnv(scratch, scratch.dataDir('ceiling')), ports.ceiling, '/');
      let ceiling: LoadResult;
      try {
        await load({ url: `${ceilingServer.origin}/` }, 1, 1); // warm-up: JIT and pool connections
        ceiling = await load({ url: `${ceilingServer.origin}/` }, seconds);
        console.log(`  Obergrenze: ${ceiling.requestsPerSecond.toFixed(1)} Anfragen/s`);
      } finally {
        await ceilingServer.stop();
      }
      const results: CaseResult[] = [];
      for (const { name, goal, note, minSeconds = 0, ...spec } of await cases(server.origin, agent)) {
        // Warm-up with one connection: the first call of a function loads its module, and no
        // backlog of slow requests (bcrypt) is left to the measurement.
        await load(spec, 1, 1);
        const result = await load(spec, Math.max(seconds, minSeconds));
        results.push({ name, goal, ...(note ? { note } : {}), ...result });
        console.log(`  ${name}: ${result.requestsPerSecond.toFixed(1)} Anfragen/s, ${result.non2xx} nicht 2xx, ${result.errors} Fehler (davon ${result.timeouts} Zeitüberschreitungen)`);
      }
      return { driver, ceiling, cases: results };
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}
