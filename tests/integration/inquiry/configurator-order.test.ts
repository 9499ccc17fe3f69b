import { beforeAll, describe, expect, it } from 'vitest';
import health from '../../../netlify/functions/health.mts';
import orders from '../../../netlify/functions/orders.mts';
import { agb } from '../../../src/data/agb.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { Visitor } from '../http/visitor.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

/** The worked example of issue 8 as the configurator puts it into the cart. */
const CONFIGURATION = 'app;typen=portal;entwicklung=10;support=0;hosting=monatlich;anpassung=nein';
const SETUP = { id: `konfiguration-einrichtung:${CONFIGURATION}`, quantity: 1 };
const OPERATION = { id: `konfiguration-betrieb:${CONFIGURATION}`, quantity: 1 };

const order = (items: unknown[]) => ({
  items,
  customer: { type: 'business', company: 'Praxis Mustermann GmbH', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email: 'praxis@example.test' },
  paymentMethod: 'invoice',
  consents: { agb: true, agbVersion: agb.version },
});

async function submit(body: object): Promise<Response> {
  const visitor = new Visitor();
  await visitor.call(health, '/api/health');
  return visitor.call(orders, '/api/orders', { method: 'POST', json: withProofOfWork(body), headers: { 'Idempotency-Key': `cfg-${crypto.randomUUID()}` } });
}

// Opening the database (migrations on a fresh one) belongs to the setup, not to the first test's time.
beforeAll(async () => {
  await getDb();
});

describe('POST /api/orders with configured items', () => {
  it('prices the setup and the monthly part from their ids alone, with a domain allowed beside them', async () => {
    const response = await submit(order([SETUP, OPERATION, { id: 'domain-de:praxis-mustermann', quantity: 1 }]));
    expect(response.status).toBe(201);
    const { orderId, schedule, status } = (await response.json()) as {
      orderId: string;
      status: string;
      schedule: { dueNow: { netCents: number; vatCents: number; grossCents: number }; recurring: { everyMonths: number; amount: { netCents: number } }[] };
    };
    // A configuration and a domain wait for an agent's acceptance (decision 0053).
    expect(status).toBe('received');
    // A business pays net: setup 890,00 + first month 80,00 + first year of .de 10,08 = 980,08 €, VAT on the sum.
    expect(schedule.dueNow).toMatchObject({ netCents: 89000 + 8000 + 1008, vatCents: 18622, grossCents: 116630 });
    expect(schedule.recurring.map((r) => [r.everyMonths, r.amount.netCents])).toEqual([
      [1, 8000],
      [12, 1008],
    ]);
    const { rows } = await (await getDb()).query<{ product_id: string; unit: string; unit_cents: number; minimum_term: string; billing_months: number | null }>(
      `SELECT l.product_id, l.unit, l.unit_cents, l.minimum_term, l.billing_months
       FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.order_number = $1 ORDER BY l.position`,
      [orderId],
    );
    expect(rows.slice(0, 2)).toEqual([
      { product_id: SETUP.id, unit: 'once', unit_cents: 89000, minimum_term: 'keine', billing_months: null },
      { product_id: OPERATION.id, unit: 'month', unit_cents: 8000, minimum_term: '1 Monat', billing_months: 1 },
    ]);
  });

  it('refuses a configured id that is not the canonical encoding', async () => {
    const response = await submit(order([{ id: SETUP.id.replace('entwicklung=10', 'entwicklung=010'), quantity: 1 }]));
    const answer = (await response.json()) as { message: string; errors?: Record<string, string> };
    expect({ status: response.status, answer }).toMatchObject({ status: 400, answer: { errors: { 'items.0.id': expect.stringContaining('Unbekanntes Produkt') } } });
  });
});
