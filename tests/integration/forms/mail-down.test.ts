import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cancellation from '../../../netlify/functions/forms-cancellation.mts';
import demoRequest from '../../../netlify/functions/forms-demo-request.mts';
import orderInquiry from '../../../netlify/functions/forms-order-inquiry.mts';
import withdrawal from '../../../netlify/functions/forms-withdrawal.mts';
import { getDb } from '../../../src/server/db/index.ts';
import type { FunctionContext } from '../../../src/server/http/endpoint.ts';
import { deliverPendingMail } from '../../../src/server/mail/outbox.ts';
import { createMailTransport } from '../../../src/server/mail/transport.ts';
import { startSmtpSink, type SmtpSink } from '../mail/smtp-sink.ts';
import { mailsContaining, marker, preparedVisitor } from './helpers.ts';

// Before the first env() call of this file: every delivery goes to a port where no mail server listens.
process.env.SMTP_URL = 'smtp://127.0.0.1:9';
const FROM = 'Website <noreply@example.test>';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  await getDb();
});
afterAll(async () => {
  await sink.close();
});

type Handler = (request: Request, context: FunctionContext) => Promise<Response>;

const cases: [string, Handler, string, (m: string) => Record<string, unknown>, string][] = [
  [
    'cancellation',
    cancellation,
    '/api/forms/cancellation',
    (m) => ({ contract_name: m, type_of_cancellation: 'regular', firstname: 'Jürgen', lastname: 'Weiß', street: 'Ring 1', postcode: '50667', locality: 'Köln', email: 'j@example.test' }),
    'SELECT contract_name AS v FROM cancellations WHERE id = $1',
  ],
  ['withdrawal', withdrawal, '/api/forms/withdrawal', (m) => ({ contract: m, name: 'Özlem', email: 'o@example.test' }), 'SELECT contract AS v FROM withdrawals WHERE id = $1'],
  [
    'order inquiry',
    orderInquiry,
    '/api/forms/order-inquiry',
    (m) => ({ name: 'Erika', email: 'e@example.test', inquiry: m, topic: 'portal' }),
    'SELECT inquiry AS v FROM order_inquiries WHERE id = $1',
  ],
  [
    'demo request',
    demoRequest,
    '/api/forms/demo-request',
    (m) => ({ name: 'Max', email: 'm@example.test', company: m, product: 'portal' }),
    'SELECT company AS v FROM demo_requests WHERE id = $1',
  ],
];

describe('a declaration survives a mail server that is down', () => {
  for (const [label, handler, path, body, select] of cases) {
    it(`${label}: stored and answered 201, its mails wait in the outbox and go out on the retry`, async () => {
      const text = marker(label.slice(0, 6)).replace(' ', '');
      const { visitor, security } = await preparedVisitor();
      const response = await visitor.call(handler, path, { method: 'POST', json: { ...body(text), ...security } });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: number };
      const db = await getDb();
      expect((await db.query<{ v: string }>(select, [id])).rows[0]!.v).toBe(text);

      const waiting = await mailsContaining(text);
      expect(waiting.length).toBeGreaterThanOrEqual(2);
      for (const mail of waiting) {
        expect(mail).toMatchObject({ sent_at: null, attempts: 1 });
        expect(mail.last_error).toBeTruthy();
      }

      // The next delivery run after the back-off, with the mail server back.
      const up = createMailTransport({ smtpUrl: sink.url });
      const later = new Date(Date.now() + 2 * 60_000);
      const report = await deliverPendingMail(db, up, { from: FROM, ids: waiting.map((m) => m.id), now: later });
      up.close();
      expect(report).toEqual({ sent: waiting.map((m) => m.id), failed: [] });
      const delivered = sink.received.filter((r) => r.parsed.text?.includes(text));
      expect(delivered).toHaveLength(waiting.length);
    });
  }
});
