// Before anything that reads the environment: the mails go to a server that never answers.
import '../mail/silent-smtp.ts';
import { describe, expect, it } from 'vitest';
import orders from '../../../netlify/functions/orders.mts';
import { getDb } from '../../../src/server/db/index.ts';
import { primed } from '../auth/helpers.ts';
import { consumerOrderOfOneApp } from './proof-of-work.ts';

/**
 * Issue 22: the order answers without waiting for the mail server; its mails wait in the outbox
 * until the delivery that runs after the answer (Netlify's waitUntil) gets through.
 */
describe('an order and its mails', () => {
  it('is answered with 201 while both mails are still queued and their delivery under way', async () => {
    const visitor = await primed();
    const response = await visitor.call(orders, '/api/orders', {
      method: 'POST',
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      json: consumerOrderOfOneApp(`nach-der-antwort.${Date.now()}@example.test`),
    });
    expect(response.status).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };
    const { rows } = await (await getDb()).query<{ sent: boolean; last_error: string | null }>(
      'SELECT sent_at IS NOT NULL AS sent, last_error FROM mail_outbox WHERE text_body LIKE $1 ORDER BY id',
      [`%${orderId}%`],
    );
    expect(rows).toEqual([
      { sent: false, last_error: null },
      { sent: false, last_error: null },
    ]);
  });
});
