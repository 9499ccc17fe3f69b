import { beforeAll, describe, expect, it } from 'vitest';
import health from '../../../netlify/functions/health.mts';
import orders from '../../../netlify/functions/orders.mts';
import { agb } from '../../../src/data/agb.ts';
import { catalogue, configurator } from '../../../src/data/catalogue.ts';
import { prices } from '../../../src/data/prices.ts';
import { issueDueInvoices } from '../../../src/features/billing/server/issue.ts';
import { domainCartId } from '../../../src/lib/catalogue.ts';
import { configuredItems } from '../../../src/lib/configurator/cart-item.ts';
import { todayIso } from '../../../src/lib/forms/dates.ts';
import { formatEuro, grossToNet } from '../../../src/lib/money.ts';
import { priceCart, type CartEntry } from '../../../src/lib/order.ts';
import { PRICE_BASIS } from '../../../src/lib/prices/amounts.ts';
import { purchaseFeature } from '../../../src/lib/prices/offers.ts';
import { unitsPerPayment } from '../../../src/lib/prices/rhythm.ts';
import { DEFAULT_CONFIGURATOR_STATE } from '../../../src/lib/schemas/configurator.ts';
import type { CustomerType } from '../../../src/lib/schemas/order.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { ORIGIN, Visitor } from '../http/visitor.ts';
import { accepted } from '../orders/decisions.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

/**
 * Issue 34: one figure per line for every customer (docs/decisions/0059-billing-model.md). Every
 * item of the catalogue – each price entry, each domain ending, configured applications and a
 * support flat fee – is ordered through POST /api/orders by a consumer and by a business, accepted
 * and invoiced by the billing run. Each line must read the same gross everywhere: the price list
 * (monthly × months), the cart, the stored order line, the contract's period and the invoice line;
 * the business lines are the net part of that gross, and both invoices come to the same total.
 */

const NBSP = /\u00a0/g;

/** Every orderable id: the price entries sold as they are, one name per domain ending, the configurator's outputs. */
function everyItem(quantity: number): CartEntry[] {
  const plain = prices.entries.filter((entry) => !entry.appType && !entry.domain).map((entry) => ({ id: entry.id, quantity }));
  const domains = prices.inGroup('domains').map((entry) => ({ id: domainCartId(entry.id.replace(/^domain-/, ''), 'cent-genau'), quantity: 1 }));
  const configured = [
    { ...DEFAULT_CONFIGURATOR_STATE, selectedAppType: ['portal', 'shop'] as typeof DEFAULT_CONFIGURATOR_STATE.selectedAppType, developmentHours: 13, supportHours: 3, hostingPlan: 'six-months' as const },
    { ...DEFAULT_CONFIGURATOR_STATE, activeTab: 'support' as const, supportOnlyHours: 7 },
  ].flatMap((state) => configuredItems(state, configurator).map((item) => ({ id: item.id, quantity })));
  return [...plain, ...domains, ...configured];
}

async function placed(type: CustomerType, items: CartEntry[], tag: string): Promise<{ orderNumber: string; status: string; grossDueNow: number }> {
  const customer =
    type === 'business'
      ? { type, company: 'Cent Genau GmbH', vatId: 'DE123456788', invoiceFormat: 'factur-x' }
      : { type };
  const body = withProofOfWork({
    items,
    customer: { ...customer, name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email: `${tag}@example.test` },
    paymentMethod: 'invoice',
    consents: { agb: true, agbVersion: agb.version, earlyStart: type === 'consumer', waiverAcknowledged: type === 'consumer' },
  });
  const visitor = new Visitor();
  await visitor.call(health, '/api/health');
  const response = await visitor.call(orders, '/api/orders', { method: 'POST', json: body, headers: { 'Idempotency-Key': `drift-${tag}-${crypto.randomUUID()}` } });
  expect(response.status, await response.clone().text()).toBe(201);
  const answer = (await response.json()) as { orderId: string; status: string; schedule: { dueNow: { grossCents: number } } };
  await visitor.settled();
  return { orderNumber: answer.orderId, status: answer.status, grossDueNow: answer.schedule.dueNow.grossCents };
}

interface StoredLine {
  position: number;
  product_id: string;
  quantity: number;
  line_cents: number;
  line_gross_cents: number;
  period_cents: number | null;
  period_gross_cents: number | null;
}

interface BilledLine {
  order_position: number;
  quantity: number;
  unit_cents: number;
  line_cents: number;
  line_gross_cents: number;
}

async function storedOf(orderNumber: string) {
  const db = await getDb();
  const lines = await db.query<StoredLine>(
    `SELECT l.position, l.product_id, l.quantity, l.line_cents, l.line_gross_cents, c.period_cents, c.period_gross_cents
     FROM order_lines l JOIN orders o ON o.id = l.order_id LEFT JOIN contracts c ON c.order_id = o.id AND c.order_position = l.position
     WHERE o.order_number = $1 ORDER BY l.position`,
    [orderNumber],
  );
  const invoices = await db.query<{ id: string; gross_cents: number; net_cents: number; vat_cents: number }>(
    `SELECT i.id, i.gross_cents, i.net_cents, i.vat_cents FROM invoices i JOIN orders o ON o.id = i.order_id WHERE o.order_number = $1 AND i.kind = 'invoice' ORDER BY i.id`,
    [orderNumber],
  );
  const billed = await db.query<BilledLine>(
    'SELECT order_position, quantity, unit_cents, line_cents, line_gross_cents FROM invoice_lines WHERE invoice_id = $1 AND NOT credit ORDER BY position',
    [invoices.rows[0]?.id ?? 0],
  );
  return { lines: lines.rows, invoices: invoices.rows, billed: billed.rows };
}

beforeAll(async () => {
  await getDb();
});

describe('no cent drift: every catalogue item, for consumers and businesses', () => {
  for (const quantity of [1, 3]) {
    it(`reads the same gross per line in price list, cart, order, contract and invoice (quantity ${quantity})`, { timeout: 120_000 }, async () => {
      const items = everyItem(quantity);
      const carts = { consumer: priceCart(catalogue, items, PRICE_BASIS.consumer), business: priceCart(catalogue, items, PRICE_BASIS.business) };
      expect(carts.consumer.problems).toEqual({});

      for (const [index, line] of carts.consumer.lines.entries()) {
        const entry = line.entry!;
        const units = unitsPerPayment(entry.unit, entry.term);
        const business = carts.business.lines[index]!;
        // Unit × quantity × units per payment is the line, in gross, for both customer types.
        expect(line.paymentGrossCents, line.id).toBe(entry.grossCents * line.quantity * units);
        expect(business.paymentGrossCents, line.id).toBe(line.paymentGrossCents);
        expect(line.paymentCents, line.id).toBe(line.paymentGrossCents);
        // A business line is the net part of the same gross.
        expect(business.paymentCents, line.id).toBe(grossToNet(line.paymentGrossCents, entry.vatPercent));
        // The price list's term price is the monthly price × months: 'Mindestlaufzeit 6 Monate, 1.278,00 € je 6 Monate im Voraus'.
        const price = prices.get(line.id);
        if (price?.term) expect(purchaseFeature(price, 'de')?.replace(NBSP, ' '), line.id).toContain(formatEuro(price.grossCents * units).replace(NBSP, ' '));
      }
      // Both customer types owe the same gross now and in every rhythm.
      expect(carts.business.schedule.dueNow.grossCents).toBe(carts.consumer.schedule.dueNow.grossCents);
      expect(carts.business.schedule.recurring.map((r) => r.amount.grossCents)).toEqual(carts.consumer.schedule.recurring.map((r) => r.amount.grossCents));

      const stored = {} as Record<CustomerType, Awaited<ReturnType<typeof storedOf>>>;
      for (const type of ['consumer', 'business'] as const) {
        const order = await placed(type, items, `drift-${type}-${quantity}`);
        expect(order.grossDueNow).toBe(carts.consumer.schedule.dueNow.grossCents);
        // Domains, hours and configurations wait for an agent; the acceptance issues the first invoice.
        if (order.status === 'received') await accepted(order.orderNumber);
        await issueDueInvoices(await getDb(), { on: todayIso(), origin: ORIGIN });
        stored[type] = await storedOf(order.orderNumber);
        const cart = carts[type];
        const { lines, invoices, billed } = stored[type];
        expect(lines).toHaveLength(items.length);
        expect(invoices).toHaveLength(1);
        for (const [index, line] of cart.lines.entries()) {
          const row = lines[index]!;
          expect([row.product_id, row.line_cents, row.line_gross_cents], line.id).toEqual([line.id, line.paymentCents, line.paymentGrossCents]);
          if (line.rhythm.kind === 'recurring') expect([row.period_cents, row.period_gross_cents], line.id).toEqual([line.paymentCents, line.paymentGrossCents]);
          const invoiced = billed.find((candidate) => candidate.order_position === index + 1)!;
          expect([invoiced.line_cents, invoiced.line_gross_cents], line.id).toEqual([line.paymentCents, line.paymentGrossCents]);
          expect(invoiced.unit_cents * invoiced.quantity, line.id).toBe(invoiced.line_cents);
        }
        // The invoice is the sum of its lines' gross: what the order said was due now.
        const [invoice] = invoices;
        expect(invoice!.gross_cents).toBe(cart.lines.reduce((sum, line) => sum + line.paymentGrossCents, 0));
        expect(invoice!.net_cents + invoice!.vat_cents).toBe(invoice!.gross_cents);
      }
      expect(stored.business.invoices[0]!.gross_cents).toBe(stored.consumer.invoices[0]!.gross_cents);
    });
  }

  it('Webapp Business (6 Monate): 213,00 € a month, 1.278,00 € a term, for a business too', () => {
    const business = priceCart(catalogue, [{ id: 'webapp-business-6m', quantity: 1 }], 'net');
    expect(business.lines[0]).toMatchObject({ unitGrossCents: 21300, paymentGrossCents: 127800, paymentCents: 107395 });
    expect(business.schedule.dueNow).toMatchObject({ grossCents: 127800, netCents: 107395, vatCents: 20405 });
  });
});
