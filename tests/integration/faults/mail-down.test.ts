import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mailRetry from '../../../netlify/functions/forms-mail-retry.mts';
import withdrawal from '../../../netlify/functions/forms-withdrawal.mts';
import { getDb } from '../../../src/server/db/index.ts';
import { mailsContaining, marker, preparedVisitor } from '../forms/helpers.ts';

/**
 * Fault test (issue 12, docs/decisions/0021-robustness.md): the mail server goes down. A form
 * sent meanwhile is still stored and answered 201, its mails wait in the outbox, and when the
 * server is back at the same address the scheduled retry function delivers each exactly once.
 */

// Before the first env() call of this file: the site's configured mail server, at a fixed port
// (the private range of this test), so it can go away and come back at the same address.
const SMTP_PORT = 4560 + (['pglite', 'postgres', 'neon'].indexOf(process.env.TEST_DB_DRIVER ?? 'pglite') + 1);
process.env.SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;

interface MailServer {
  received: ParsedMail[];
  close(): Promise<void>;
}

async function startMailServer(): Promise<MailServer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push(parsed);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', resolve);
  });
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let server: MailServer | undefined;
beforeAll(async () => {
  await getDb();
});
afterAll(async () => {
  await server?.close();
});

describe('the mail server is down while a form is sent', () => {
  it('the outbox keeps the mails, and the retry delivers each exactly once when the server is back', async () => {
    // The server ran and went away (not merely never configured).
    server = await startMailServer();
    await server.close();
    server = undefined;

    const contract = marker('Vertrag');
    const { visitor, security } = await preparedVisitor();
    const response = await visitor.call(withdrawal, '/api/forms/withdrawal', {
      method: 'POST',
      json: { contract, name: 'Jürgen Weiß', email: 'juergen@example.test', ...security },
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const db = await getDb();
    expect((await db.query('SELECT id FROM withdrawals WHERE contract = $1', [contract])).rows).toEqual([{ id }]);

    const waiting = await mailsContaining(contract);
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    for (const mail of waiting) expect(mail).toMatchObject({ sent_at: null, attempts: 1, last_error: expect.any(String) });

    // The scheduled retry while the server is still down: nothing is lost, nothing is sent.
    await db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = ANY($1::bigint[])', [waiting.map((mail) => mail.id)]);
    expect((await mailRetry()).status).toBe(204);
    for (const mail of await mailsContaining(contract)) expect(mail).toMatchObject({ sent_at: null, attempts: 2 });

    // The server is back; the back-off has passed.
    server = await startMailServer();
    await db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = ANY($1::bigint[])', [waiting.map((mail) => mail.id)]);
    expect((await mailRetry()).status).toBe(204);
    // A second run (the next schedule) must not send anything again.
    expect((await mailRetry()).status).toBe(204);

    const delivered = server.received.filter((mail) => mail.text?.includes(contract));
    expect(delivered.map((mail) => mail.subject).sort()).toEqual(waiting.map((mail) => mail.subject).sort());
    for (const mail of await mailsContaining(contract)) {
      expect(mail.sent_at).toBeInstanceOf(Date);
      expect(mail.attempts).toBe(3);
    }
  });
});
