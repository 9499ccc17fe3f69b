import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mailRetry from '../../../netlify/functions/forms-mail-retry.mts';
import { getDb } from '../../../src/server/db/index.ts';
import { enqueueMail } from '../../../src/server/mail/outbox.ts';
import { startSmtpSink, type SmtpSink } from '../mail/smtp-sink.ts';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  // Before the first env() call of this file: the configured transport uses the sink.
  process.env.SMTP_URL = sink.url;
  await getDb();
});
afterAll(async () => {
  await sink.close();
});

describe('scheduled mail retry', () => {
  it('sends a receipt whose first delivery failed once it is due again', async () => {
    const db = await getDb();
    const id = await enqueueMail(db, { to: 'kunde@example.test', subject: 'Eingangsbestätigung Ihrer Kündigung (Nr. 1)', text: 'Wiederholt zugestellt' });
    await db.query(`UPDATE mail_outbox SET attempts = 1, last_error = 'ECONNREFUSED', next_attempt_at = now() - interval '1 minute' WHERE id = $1`, [id]);

    const response = await mailRetry();
    expect(response.status).toBe(204);
    const { rows } = await db.query<{ sent_at: Date | null; last_error: string | null }>('SELECT sent_at, last_error FROM mail_outbox WHERE id = $1', [id]);
    expect(rows[0]!.sent_at).toBeInstanceOf(Date);
    expect(rows[0]!.last_error).toBeNull();
    expect(sink.received.some((m) => m.parsed.text?.includes('Wiederholt zugestellt'))).toBe(true);
  });
});
