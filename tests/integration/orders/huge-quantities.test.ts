import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import orderInquiry from '../../../netlify/functions/forms-order-inquiry.mts';
import inquiry from '../../../netlify/functions/inquiry.mts';
import orders from '../../../netlify/functions/orders.mts';
import { agb } from '../../../src/data/agb.ts';
import compiledPrices from '../../../src/generated/price-source.json' with { type: 'json' };
import { buildCatalogue } from '../../../src/lib/catalogue.ts';
import { HOURS_MINIMUM } from '../../../src/lib/configurator/hours.ts';
import { orderMessages } from '../../../src/lib/order.ts';
import { loadPriceSource } from '../../../src/lib/prices/source.ts';
import { MAX_QUANTITY } from '../../../src/lib/schemas/cart.ts';
import { configuratorMessages, DEFAULT_CONFIGURATOR_STATE } from '../../../src/lib/schemas/configurator.ts';
import { orderInquiryMessages } from '../../../src/lib/schemas/forms/order-inquiry.ts';
import { OrderRequestSchema, orderFieldMessages } from '../../../src/lib/schemas/order.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { placeOrder } from '../../../src/server/orders/place-order.ts';
import { primed } from '../auth/helpers.ts';
import { preparedVisitor } from '../forms/helpers.ts';
import { withProofOfWork } from './proof-of-work.ts';

/**
 * Quantities and hours beyond what the database columns hold are refused with a German 400, never
 * a 500 (issue 35): the schemas bound every number a visitor sends, and an order whose amounts
 * would not fit the integer columns is refused before it reaches them.
 */

const customer = { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email: 'gross@example.test' };
const consents = { agb: true, agbVersion: agb.version, earlyStart: true, waiverAcknowledged: true };
const order = (items: { id: string; quantity: unknown }[]) => withProofOfWork({ items, customer, paymentMethod: 'invoice', consents });

async function send(body: string): Promise<{ status: number; errors: Record<string, string> }> {
  const response = await (await primed()).call(orders, '/api/orders', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
  });
  return { status: response.status, errors: ((await response.json()) as { errors?: Record<string, string> }).errors ?? {} };
}

async function counts(): Promise<{ orders: number; lines: number; contracts: number }> {
  const { rows } = await (await getDb()).query<{ orders: number; lines: number; contracts: number }>(
    'SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM order_lines) AS lines, (SELECT count(*)::int FROM contracts) AS contracts',
  );
  return rows[0]!;
}

beforeAll(async () => {
  await getDb();
});

describe('POST /api/orders: quantities', () => {
  it.each([
    ['a trillion', '1000000000000', orderFieldMessages.quantityMax],
    ['one more than the most', String(MAX_QUANTITY + 1), orderFieldMessages.quantityMax],
    ['beyond any float (Infinity)', '1e400', orderFieldMessages.quantityInteger],
    ['beyond a safe integer', '123456789012345678901234567890', orderFieldMessages.quantityMax],
    ['a fraction', '2.5', orderFieldMessages.quantityInteger],
    ['negative', '-5', orderFieldMessages.quantityMin],
    ['a number as text', '"99999999999999999999"', orderFieldMessages.quantityNumber],
  ])('%s: 400 with the German message of the quantity', async (_label, quantity, message) => {
    const before = await counts();
    const body = JSON.stringify(order([{ id: 'software-development', quantity: 0 }])).replace('"quantity":0', `"quantity":${quantity}`);
    expect(await send(body)).toEqual({ status: 400, errors: { 'items.0.quantity': message } });
    expect(await counts()).toEqual(before);
  });

  it('the largest order the schema lets through fits the columns: every offered item at the most', async () => {
    const offered = (compiledPrices as { id: string; data: { offer?: unknown } }[]).filter((entry) => entry.data.offer).map((entry) => entry.id);
    const answer = await send(JSON.stringify(order(offered.map((id) => ({ id, quantity: MAX_QUANTITY })))));
    expect(answer.status).toBe(201);
  });

  it('amounts beyond the integer columns are a 400 before anything is stored, not a fault of the database', async () => {
    // No item of today's price source gets there at MAX_QUANTITY; a price as high as the price
    // source allows (1.000.000,00 €) does.
    const costly = { id: 'grossauftrag', data: { name: 'Großauftrag', group: 'zusatzleistungen', description: 'Zum Testen.', grossCents: 100_000_000, vatPercent: 19, unit: 'once' } };
    const catalogue = buildCatalogue(loadPriceSource([...compiledPrices, costly]));
    const request = v.parse(OrderRequestSchema, order([{ id: 'grossauftrag', quantity: MAX_QUANTITY }]));
    const input = { keyScope: 'fixture', agbVersion: agb.version, origin: 'http://127.0.0.1', idempotencyKey: crypto.randomUUID() };
    const before = await counts();
    await expect(placeOrder(await getDb(), catalogue, { ...input, request })).rejects.toMatchObject({ status: 400, errors: { items: orderMessages.amountTooLarge } });
    expect(await counts()).toEqual(before);
  });
});

describe('hours and amounts of the forms', () => {
  it.each([
    ['development hours', 'developmentHours'],
    ['support hours', 'supportHours'],
    ['support-only hours', 'supportOnlyHours'],
  ] as const)('POST /api/inquiry: a billion %s is a 400 with the German message of the hours', async (_label, field) => {
    const { visitor, security } = await preparedVisitor();
    const response = await visitor.call(inquiry, '/api/inquiry', {
      method: 'POST',
      json: { name: 'Erika', email: 'erika@example.test', message: 'Bitte ein Angebot.', configurator: { ...DEFAULT_CONFIGURATOR_STATE, [field]: 1e9 }, ...security },
    });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: Record<string, string> };
    expect(errors[`configurator.${field}`]).toBe(configuratorMessages.hours(HOURS_MINIMUM[field]));
    expect(errors[`configurator.${field}`]).toContain('bis 9.999 Stunden');
  });

  it('POST /api/forms/order-inquiry: a budget beyond its column is a 400 with the German message', async () => {
    const { visitor, security } = await preparedVisitor();
    const response = await visitor.call(orderInquiry, '/api/forms/order-inquiry', {
      method: 'POST',
      json: { name: 'Erika', email: 'erika@example.test', inquiry: 'Ein Portal.', topic: 'portal', maximum_budget: 1e20, ...security },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toMatchObject({ maximum_budget: orderInquiryMessages.budgetInvalid });
  });
});
