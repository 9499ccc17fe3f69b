import { beforeAll, describe, expect, it } from 'vitest';
import demoRequest from '../../../netlify/functions/forms-demo-request.mts';
import health from '../../../netlify/functions/health.mts';
import orders from '../../../netlify/functions/orders.mts';
import { site } from '../../../src/config/site.ts';
import { agb } from '../../../src/data/agb.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { Visitor } from '../http/visitor.ts';
import { marker, preparedVisitor } from '../forms/helpers.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

// The production cap; the other test files lift it, since they reuse a few addresses.
process.env.VISITOR_MAILS_PER_DAY = '5';

async function mailsTo(recipient: string): Promise<{ subject: string }[]> {
  const { rows } = await (await getDb()).query<{ subject: string }>('SELECT subject FROM mail_outbox WHERE lower(recipient) = lower($1) ORDER BY id', [recipient]);
  return rows;
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await (await getDb()).query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

beforeAll(async () => {
  await getDb();
});

describe('mails with visitor-typed text to a visitor-typed address', () => {
  it('are queued at most five times a day per recipient; the records are stored, the company hears of every one', async () => {
    const victim = `opfer-${crypto.randomUUID()}@example.test`;
    const company = marker('Spam GmbH');
    for (let i = 0; i < 7; i++) {
      const { visitor, security } = await preparedVisitor();
      const response = await visitor.call(demoRequest, '/api/forms/demo-request', {
        method: 'POST',
        // Alternating case: the cap counts the address, not its spelling.
        json: { name: 'Max Muster', email: i % 2 ? victim.toUpperCase() : victim, company, product: 'timetracking', preferred_date: '', ...security },
      });
      // The answer does not change: a script learns nothing about the cap.
      expect(response.status).toBe(201);
    }
    expect(await count('SELECT count(*)::int AS n FROM demo_requests WHERE company = $1', [company])).toBe(7);
    expect(await mailsTo(victim)).toHaveLength(5);
    expect(await count(`SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1 AND text_body LIKE $2`, [site.inquiryEmail, `%${company}%`])).toBe(7);
  });

  it('the cap covers order confirmations too: the order is placed, its confirmation not mailed', async () => {
    const customer = `kunde-${crypto.randomUUID()}@example.test`;
    const place = async () => {
      const visitor = new Visitor();
      await visitor.call(health, '/api/health');
      return visitor.call(orders, '/api/orders', {
        method: 'POST',
        headers: { 'Idempotency-Key': crypto.randomUUID() },
        json: withProofOfWork({
          items: [{ id: 'software-development', quantity: 1 }],
          customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email: customer },
          paymentMethod: 'invoice',
          consents: { agb: true, agbVersion: agb.version, earlyStart: true, waiverAcknowledged: true },
        }),
      });
    };
    for (let i = 0; i < 6; i++) expect((await place()).status).toBe(201);
    expect(await count('SELECT count(*)::int AS n FROM orders WHERE email = $1', [customer])).toBe(6);
    expect(await mailsTo(customer)).toHaveLength(5);
  });
});
