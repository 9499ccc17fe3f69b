import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type AuthForgotPassword from '../../../netlify/functions/auth-forgot-password.mts';
import type AuthRegister from '../../../netlify/functions/auth-register.mts';
import type * as DeployContext from '../../../src/server/deploy-context.ts';
import type * as Db from '../../../src/server/db/index.ts';
import type * as Env from '../../../src/server/env.ts';
import type * as Mail from '../../../src/server/mail/index.ts';
import type * as Outbox from '../../../src/server/mail/outbox.ts';
import { MAIL_LOG_BEGIN } from '../../../src/server/mail/log-transport.ts';
import type * as AuthHelpers from '../auth/helpers.ts';
import type * as ProofOfWork from '../orders/proof-of-work.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

// This file runs as a function of a deploy preview would: its build recorded the context and the
// preview's own address (in a real bundle netlify/generated/deploy-context.json, read only inside
// Netlify's runtime). The setup file loaded the server modules already, so they are loaded afresh
// with the record in place, and this file uses only those (one database, one env()). The
// preview's database is this test project's: PGlite, or the real database the per-file setup
// named, handed over as the preview's own.
const PREVIEW = { context: 'deploy-preview', origin: 'https://deploy-preview-7--kraus.netlify.app' };

let forgot: typeof AuthForgotPassword;
let register: typeof AuthRegister;
let getDb: typeof Db.getDb;
let closeDb: typeof Db.closeDb;
let env: typeof Env.env;
let loadEnv: typeof Env.loadEnv;
let mailTransportFor: typeof Mail.mailTransportFor;
let deliverPendingMail: typeof Outbox.deliverPendingMail;
let enqueueMail: typeof Outbox.enqueueMail;
let helpers: typeof AuthHelpers;
let proofOfWork: typeof ProofOfWork;

beforeAll(async () => {
  vi.stubEnv('PREVIEW_DATABASE_URL', process.env.DATABASE_URL ?? 'postgres://unused.invalid/pglite');
  if (!process.env.DB_DRIVER) vi.stubEnv('DB_DRIVER', 'pglite');
  vi.resetModules();
  vi.doMock('../../../src/server/deploy-context.ts', async (importOriginal) => ({
    ...(await importOriginal<typeof DeployContext>()),
    buildRecordOfDeploy: () => PREVIEW,
  }));
  forgot = (await import('../../../netlify/functions/auth-forgot-password.mts')).default;
  register = (await import('../../../netlify/functions/auth-register.mts')).default;
  ({ getDb, closeDb } = await import('../../../src/server/db/index.ts'));
  ({ env, loadEnv } = await import('../../../src/server/env.ts'));
  ({ mailTransportFor } = await import('../../../src/server/mail/index.ts'));
  ({ deliverPendingMail, enqueueMail } = await import('../../../src/server/mail/outbox.ts'));
  helpers = await import('../auth/helpers.ts');
  proofOfWork = await import('../orders/proof-of-work.ts');
});

afterAll(async () => {
  await closeDb();
  vi.unstubAllEnvs();
});

const FROM = 'IT-Service Website <noreply@example.test>';
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});

afterAll(async () => {
  await sink.close();
});

/** The configuration of a deploy preview, a branch deploy and of production, all with a working SMTP_URL. */
function configFor(context: string) {
  const origin = context === 'production' ? 'https://main--kraus.netlify.app' : `https://${context}--kraus.netlify.app`;
  return loadEnv({ APP_SECRET: 'x'.repeat(40), SMTP_URL: sink.url, MAIL_FROM: FROM, DATA_DIR: process.env.DATA_DIR }, { context, origin });
}

describe('mail in a deploy preview', () => {
  it('goes to the function log and counts as delivered, never to SMTP even with SMTP_URL set', async () => {
    const db = await getDb();
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      for (const context of ['deploy-preview', 'branch-deploy']) {
        const now = new Date();
        const id = await enqueueMail(db, { to: 'kundin@example.test', subject: `Bestellbestätigung (${context})`, text: 'Vielen Dank für Ihre Bestellung.' });
        const transport = mailTransportFor(configFor(context));
        expect(await deliverPendingMail(db, transport, { from: FROM, ids: [id], now })).toEqual({ sent: [id], failed: [] });
        transport.close();
        const { rows } = await db.query<{ sent_at: Date | null; message_id: string | null }>('SELECT sent_at, message_id FROM mail_outbox WHERE id = $1', [id]);
        expect(rows[0]!.sent_at).toBeInstanceOf(Date);
        const block = String(log.mock.calls.at(-1)?.[0]);
        expect(block.startsWith(MAIL_LOG_BEGIN)).toBe(true);
        expect(block).toContain('An: kundin@example.test');
        expect(block).toContain(`Betreff: Bestellbestätigung (${context})`);
        expect(block).toContain('Vielen Dank für Ihre Bestellung.');
        expect(block).toContain(`Message-ID: ${rows[0]!.message_id}`);
      }
      expect(sink.received).toHaveLength(0);
    } finally {
      log.mockRestore();
    }
  });

  it('production with the same variables sends by SMTP and logs nothing', async () => {
    const db = await getDb();
    const log = vi.spyOn(console, 'log');
    const now = new Date();
    const id = await enqueueMail(db, { to: 'kunde@example.test', subject: 'Bestellbestätigung', text: 'Danke.' });
    const transport = mailTransportFor(configFor('production'));
    expect(await deliverPendingMail(db, transport, { from: FROM, ids: [id], now })).toEqual({ sent: [id], failed: [] });
    transport.close();
    expect(sink.received.map((m) => m.envelopeTo)).toEqual([['kunde@example.test']]);
    expect(log.mock.calls.some(([first]) => String(first).includes(MAIL_LOG_BEGIN))).toBe(false);
    log.mockRestore();
  });
});

describe('links in the mails of a deploy preview', () => {
  /** A Host header the sender chose: the request's URL is built from it (decision 0041). */
  const FORGED = 'http://evil.example';

  function expectPreviewLinks(text: string | undefined, path: string): void {
    expect(text).toBeDefined();
    expect(text).not.toContain('evil.example');
    expect(text).toContain(`${PREVIEW.origin}${path}`);
  }

  it('runs as the preview its build recorded', () => {
    expect(env()).toMatchObject({ preview: true, deployContext: 'deploy-preview', siteOrigin: PREVIEW.origin });
  });

  it('a registration\'s confirmation link names the recorded preview address, not the forged Host', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const account = helpers.newAccount();
      const visitor = await helpers.primed();
      visitor.origin = FORGED;
      expect((await helpers.post(visitor, register, '/api/auth/register', proofOfWork.withProofOfWork(account))).status).toBe(201);
      expectPreviewLinks((await helpers.lastMailTo(account.email))?.text_body, '/konto-bestaetigen/');
      // What reaches the function log, the preview's only mail channel, says the same.
      const block = log.mock.calls.map(([first]) => String(first)).find((line) => line.includes(`An: ${account.email}`));
      expectPreviewLinks(block, '/konto-bestaetigen/');
    } finally {
      log.mockRestore();
    }
  });

  it('a password reset link names the recorded preview address, not the forged Host', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const { account } = await helpers.loggedIn();
      const visitor = await helpers.primed();
      visitor.origin = FORGED;
      expect((await helpers.post(visitor, forgot, '/api/auth/forgot-password', { email: account.email })).status).toBe(200);
      expectPreviewLinks((await helpers.lastMailTo(account.email))?.text_body, '/reset-password/');
      // The mail goes to the log after the answer: wait for it there.
      const logged = await vi.waitFor(() => {
        const block = log.mock.calls.map(([first]) => String(first)).find((line) => line.includes(`An: ${account.email}`) && line.includes('/reset-password/'));
        if (!block) throw new Error('reset mail not logged yet');
        return block;
      });
      expectPreviewLinks(logged, '/reset-password/');
    } finally {
      log.mockRestore();
    }
  });
});
