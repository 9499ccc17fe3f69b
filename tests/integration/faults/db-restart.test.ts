import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import withdrawal from '../../../netlify/functions/forms-withdrawal.mts';
import { closeDb, getDb } from '../../../src/server/db/index.ts';
import { preparedVisitor } from '../forms/helpers.ts';
import { startNeonHttpProxy, type NeonHttpProxy } from '../setup/neon-http-proxy.ts';
import { startWsProxy, type WsProxy } from '../setup/ws-proxy.ts';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';

/**
 * Fault test (issue 12, docs/decisions/0021-robustness.md): the database stops and starts again
 * while withdrawals are being submitted. Every submission either got 201 and is stored exactly
 * once together with its mails, or got a German 5xx answer and left nothing behind (no record
 * without mails, no spent security check), and the app serves again once the database is back.
 *
 * It needs a PostgreSQL of its own (port 5461, 4569 for neon) and runs in the postgres and neon projects; an
 * embedded PGlite cannot be restarted under running requests.
 */

const driver = process.env.TEST_DB_DRIVER ?? 'pglite';
// The postgres and neon projects may run at the same time: each gets its own cluster port.
const PORT = driver === 'neon' ? 4569 : 5461;

let cluster: PrivatePostgres | undefined;
let proxy: WsProxy | undefined;
let httpProxy: NeonHttpProxy | undefined;

interface Outcome {
  contract: string;
  phase: 'before' | 'during' | 'after';
  status: number;
  body: { id?: number; message?: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(driver === 'pglite')('the database restarts during a run of form submissions', () => {
  beforeAll(async () => {
    cluster = await startPrivatePostgres(PORT);
    // Before the first env() call of this file: the app talks to the private cluster only.
    process.env.DATABASE_URL = cluster.url;
    if (driver === 'neon') {
      // Both of the driver's paths lead to the private cluster: transactions over the WebSocket,
      // single statements over HTTP, whose endpoint loses its own connections in the restart.
      proxy = await startWsProxy({ host: '127.0.0.1', port: PORT });
      httpProxy = await startNeonHttpProxy({ host: '127.0.0.1', port: PORT });
      process.env.NEON_WS_PROXY = proxy.address;
      process.env.NEON_HTTP_PROXY = httpProxy.endpoint;
    }
    await getDb();
  }, 120_000);

  afterAll(async () => {
    await closeDb();
    await proxy?.close();
    await httpProxy?.close();
    await cluster?.destroy();
  });

  it('every submission is 201 and stored once with its mails, or a German error and not stored at all', { timeout: 120_000 }, async () => {
    const run = Math.random().toString(36).slice(2, 8);
    const visitors: Awaited<ReturnType<typeof preparedVisitor>>[] = [];
    for (let i = 0; i < 30; i += 1) visitors.push(await preparedVisitor());

    const outcomes: Outcome[] = [];
    const submit = async (i: number, phase: Outcome['phase']) => {
      const { visitor, security } = visitors[i]!;
      const contract = `Hosting-Vertrag ${run}-${i}`;
      const response = await visitor.call(withdrawal, '/api/forms/withdrawal', {
        method: 'POST',
        json: { contract, name: 'Özlem Yılmaz', email: 'oezlem@example.test', ...security },
      });
      outcomes[i] = { contract, phase, status: response.status, body: (await response.json()) as Outcome['body'] };
    };
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);

    // Before: the database is up.
    await Promise.all(range(0, 6).map((i) => submit(i, 'before')));
    // During: submissions go out every 50 ms while the server shuts down (fast: sessions are
    // terminated, open transactions roll back), stays down for a moment, and starts again.
    const during = range(6, 18).map(async (i) => {
      await sleep((i - 6) * 50);
      await submit(i, 'during');
    });
    await cluster!.stop();
    await sleep(500);
    await Promise.all(during);
    await cluster!.start();
    // After: the pool drops its broken connections and serves again.
    for (const i of range(18, 30)) await submit(i, 'after');

    const db = await getDb();
    const failed = outcomes.filter((outcome) => outcome.status !== 201);
    for (const outcome of outcomes) {
      const records = await db.query<{ id: number }>('SELECT id FROM withdrawals WHERE contract = $1', [outcome.contract]);
      const mails = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox WHERE text_body LIKE $1', [`%${outcome.contract}%`]);
      if (outcome.status === 201) {
        expect(records.rows, outcome.contract).toEqual([{ id: outcome.body.id }]);
        expect(mails.rows[0]!.n, `mails of ${outcome.contract}`).toBeGreaterThanOrEqual(2);
      } else {
        expect(outcome.status, outcome.contract).toBeGreaterThanOrEqual(500);
        expect(outcome.body.message).toBe('Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.');
        expect(records.rows, outcome.contract).toEqual([]);
        expect(mails.rows[0]!.n, `mails of ${outcome.contract}`).toBe(0);
      }
    }
    expect(outcomes.filter((o) => o.phase === 'before').map((o) => o.status)).toEqual(Array(6).fill(201));
    expect(outcomes.filter((o) => o.phase === 'after').map((o) => o.status)).toEqual(Array(12).fill(201));
    // The restart really hit submissions: otherwise this test proved nothing.
    expect(failed.length).toBeGreaterThan(0);

    // A refused submission left its security check unspent: sent again, it is stored once.
    for (const outcome of failed) {
      const i = outcomes.indexOf(outcome);
      await submit(i, 'after');
      expect(outcomes[i]!.status).toBe(201);
      const records = await db.query<{ id: number }>('SELECT id FROM withdrawals WHERE contract = $1', [outcome.contract]);
      expect(records.rows).toEqual([{ id: outcomes[i]!.body.id }]);
    }
  });
});
