import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../src/server/db/index.ts';
import { env } from '../../../src/server/env.ts';
import { sendMail } from '../../../src/server/mail/index.ts';
import { deliverPendingMail, enqueueMail, MAX_ATTEMPTS } from '../../../src/server/mail/outbox.ts';
import { createMailTransport } from '../../../src/server/mail/transport.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  // Before the first env() call of this file: the configured transport uses the sink.
  process.env.SMTP_URL = sink.url;
  process.env.MAIL_FROM = 'IT-Service Website <noreply@example.test>';
});

afterAll(async () => {
  await sink.close();
});

const FROM = 'IT-Service Website <noreply@example.test>';

describe('mail outbox', () => {
  it('delivers a mail over SMTP and writes the same message as an .eml file', async () => {
    const db = await getDb();
    const before = sink.received.length;
    const result = await sendMail(db, {
      to: 'kunde@example.test',
      subject: 'Ihre Kündigung ist eingegangen',
      text: 'Guten Tag,\n\nwir haben Ihre Kündigung erhalten. Grüße aus Köln',
      replyTo: 'support@example.test',
    });
    expect(result.delivered).toBe(true);
    expect(sink.received).toHaveLength(before + 1);
    const message = sink.received.at(-1)!;
    expect(message.envelopeTo).toEqual(['kunde@example.test']);
    expect(message.parsed.subject).toBe('Ihre Kündigung ist eingegangen');
    expect(message.parsed.text?.trim()).toBe('Guten Tag,\n\nwir haben Ihre Kündigung erhalten. Grüße aus Köln');
    expect(message.parsed.from?.text).toContain('noreply@example.test');
    expect(message.parsed.replyTo?.text).toBe('support@example.test');

    const mailDir = join(env().dataDir, 'mail');
    const files = (await readdir(mailDir)).filter((f) => f.endsWith('.eml'));
    const copies = await Promise.all(files.map(async (f) => simpleParser(await readFile(join(mailDir, f)))));
    const copy = copies.find((c) => c.messageId === message.parsed.messageId);
    expect(copy?.subject).toBe('Ihre Kündigung ist eingegangen');
    expect(copy?.text).toBe(message.parsed.text);

    const { rows } = await db.query<{ sent_at: Date | null; message_id: string | null }>(
      'SELECT sent_at, message_id FROM mail_outbox WHERE id = $1',
      [result.id],
    );
    expect(rows[0]!.sent_at).toBeInstanceOf(Date);
    expect(rows[0]!.message_id).toBe(message.parsed.messageId);
  });

  it('keeps a mail whose delivery failed and retries it after the backoff', async () => {
    const db = await getDb();
    const now = new Date('2030-01-01T12:00:00Z');
    const id = await enqueueMail(db, { to: 'kunde@example.test', subject: 'Wiederholung', text: 'Zweiter Versuch' });
    await db.query('UPDATE mail_outbox SET next_attempt_at = $2 WHERE id = $1', [id, now]);

    const down = createMailTransport({ smtpUrl: 'smtp://127.0.0.1:9' });
    const failed = await deliverPendingMail(db, down, { from: FROM, ids: [id], now });
    down.close();
    expect(failed).toEqual({ sent: [], failed: [id] });
    const { rows } = await db.query<{ attempts: number; last_error: string; next_attempt_at: Date; sent_at: Date | null }>(
      'SELECT attempts, last_error, next_attempt_at, sent_at FROM mail_outbox WHERE id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({ attempts: 1, sent_at: null });
    expect(rows[0]!.last_error).not.toBe('');
    expect(rows[0]!.next_attempt_at.getTime()).toBe(now.getTime() + 60_000);

    const up = createMailTransport({ smtpUrl: sink.url });
    // Not yet due: nothing happens.
    expect(await deliverPendingMail(db, up, { from: FROM, ids: [id], now })).toEqual({ sent: [], failed: [] });
    const later = new Date(now.getTime() + 61_000);
    expect(await deliverPendingMail(db, up, { from: FROM, ids: [id], now: later })).toEqual({ sent: [id], failed: [] });
    up.close();
    expect(sink.received.at(-1)!.parsed.subject).toBe('Wiederholung');
  });

  it('sends a mail queued a moment ago although the calling clock is a little behind the database clock', async () => {
    const db = await getDb();
    // The database's now() has microseconds and may run a little ahead of the function's clock;
    // the mail must still count as due at once instead of waiting for the retry schedule.
    const lagging = new Date(Date.now() - 2_000);
    const id = await enqueueMail(db, { to: 'kunde@example.test', subject: 'Sofort', text: 'Gleich raus' });
    const up = createMailTransport({ smtpUrl: sink.url });
    expect(await deliverPendingMail(db, up, { from: FROM, ids: [id], now: lagging })).toEqual({ sent: [id], failed: [] });
    up.close();
  });

  it('gives up after the maximum number of attempts', async () => {
    const db = await getDb();
    const id = await enqueueMail(db, { to: 'kunde@example.test', subject: 'Aufgegeben', text: 'x' });
    await db.query('UPDATE mail_outbox SET attempts = $2 WHERE id = $1', [id, MAX_ATTEMPTS]);
    const up = createMailTransport({ smtpUrl: sink.url });
    expect(await deliverPendingMail(db, up, { from: FROM, ids: [id], now: new Date('2031-01-01T00:00:00Z') })).toEqual({
      sent: [],
      failed: [],
    });
    up.close();
  });

  it('sends each mail once even when two workers deliver at the same time', async () => {
    const db = await getDb();
    const now = new Date('2032-01-01T00:00:00Z');
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await enqueueMail(db, { to: `p${i}@example.test`, subject: `Parallel ${i}`, text: 'x' }));
    await db.query('UPDATE mail_outbox SET next_attempt_at = $2 WHERE id = ANY($1::bigint[])', [ids, now]);
    const before = sink.received.length;
    const up = createMailTransport({ smtpUrl: sink.url });
    const reports = await Promise.all([
      deliverPendingMail(db, up, { from: FROM, ids, now }),
      deliverPendingMail(db, up, { from: FROM, ids, now }),
    ]);
    up.close();
    expect(reports.flatMap((r) => r.sent).sort((a, b) => a - b)).toEqual(ids);
    expect(sink.received.length - before).toBe(6);
  });
});
