import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../../src/server/db/index.ts';
import { loadEnv } from '../../../src/server/env.ts';
import { mailTransportFor } from '../../../src/server/mail/index.ts';
import { MAIL_LOG_BEGIN } from '../../../src/server/mail/log-transport.ts';
import { deliverPendingMail, enqueueMail } from '../../../src/server/mail/outbox.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

const FROM = 'IT-Service Website <noreply@example.test>';
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});

afterAll(async () => {
  await sink.close();
});

/** The configuration of a deploy preview and of production, both with a working SMTP_URL. */
function configFor(context: string) {
  return loadEnv({ APP_SECRET: 'x'.repeat(40), SMTP_URL: sink.url, MAIL_FROM: FROM, DATA_DIR: process.env.DATA_DIR }, context);
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
