import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import health from '../../../netlify/functions/health.mts';
import orders from '../../../netlify/functions/orders.mts';
import { agb } from '../../../src/data/agb.ts';
import compiledPrices from '../../../src/generated/price-source.json' with { type: 'json' };
import { buildCatalogue } from '../../../src/lib/catalogue.ts';
import { orderMessages } from '../../../src/lib/order.ts';
import { loadPriceSource } from '../../../src/lib/prices/source.ts';
import { OrderRequestSchema } from '../../../src/lib/schemas/order.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { placeOrder } from '../../../src/server/orders/place-order.ts';
import { securityCheckMessages } from '../../../src/server/security/check.ts';
import { Visitor } from '../http/visitor.ts';
import { solvedTasks, withProofOfWork } from './proof-of-work.ts';

const consumer = { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email: 'erika@example.test' };
const order = (items: { id: string; quantity: number }[]) => ({
  items,
  customer: consumer,
  paymentMethod: 'invoice',
  consents: { agb: true, agbVersion: agb.version, earlyStart: true, waiverAcknowledged: true },
});
const DOMAIN = { id: 'domain-de:hardening-test', quantity: 1 };

async function primed(): Promise<Visitor> {
  const visitor = new Visitor();
  await visitor.call(health, '/api/health');
  return visitor;
}

async function send(body: unknown, key: string = crypto.randomUUID(), visitor?: Visitor): Promise<Response> {
  return (visitor ?? (await primed())).call(orders, '/api/orders', { method: 'POST', json: body, headers: { 'Idempotency-Key': key } });
}

async function orderCount(): Promise<number> {
  const { rows } = await (await getDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
  return rows[0]!.n;
}

beforeAll(async () => {
  await getDb();
});

describe('POST /api/orders asks for the proof of work of every public form', () => {
  it('refuses an order without solutions, or with solutions spent before, and stores nothing', async () => {
    const before = await orderCount();
    const without = await send(order([{ id: 'webapp-basis-6m', quantity: 1 }]));
    expect(without.status).toBe(400);
    expect(((await without.json()) as { errors: Record<string, string> }).errors).toHaveProperty('hashcash_solutions');

    const solutions = solvedTasks();
    expect((await send({ ...order([{ id: 'webapp-basis-6m', quantity: 1 }]), hashcash_solutions: solutions })).status).toBe(201);
    const replayed = await send({ ...order([{ id: 'webapp-basis-6m', quantity: 1 }]), hashcash_solutions: solutions });
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ errors: { hashcash_solutions: securityCheckMessages.hashcashFailed } });
    expect(await orderCount()).toBe(before + 1);
  });

  it('answers a retry of a placed order (same key) with that order, also with fresh solutions', async () => {
    const [key, visitor] = [crypto.randomUUID(), await primed()];
    const first = await send(withProofOfWork(order([{ id: 'webapp-basis-6m', quantity: 1 }])), key, visitor);
    expect(first.status).toBe(201);
    const retry = await send(withProofOfWork(order([{ id: 'webapp-basis-6m', quantity: 1 }])), key, visitor);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { orderId: string }).orderId).toBe(((await first.json()) as { orderId: string }).orderId);
  });
});

describe('the domain rule asks for a priced application', () => {
  it('refuses a domain whose only application costs 0 € by the catalogue (a free configuration, say)', async () => {
    // The price source sells no free application today: a fixture entry stands for one.
    const free = { id: 'gratis-anwendung', data: { name: 'Gratis-Anwendung', group: 'zusatzleistungen', description: 'Zum Testen.', grossCents: 0, vatPercent: 19, unit: 'once', application: true } };
    const fixture = buildCatalogue(loadPriceSource([...compiledPrices, free]));
    const request = v.parse(OrderRequestSchema, withProofOfWork(order([{ id: 'gratis-anwendung', quantity: 1 }, DOMAIN])));
    const input = { keyScope: 'fixture', agbVersion: agb.version, origin: 'http://127.0.0.1', idempotencyKey: crypto.randomUUID() };
    const before = await orderCount();
    await expect(placeOrder(await getDb(), fixture, { ...input, request })).rejects.toMatchObject({
      status: 400,
      errors: { items: orderMessages.domainWithFreeApplication },
    });
    expect(await orderCount()).toBe(before);
  });

  it('accepts the domain beside an application that costs something', async () => {
    expect((await send(withProofOfWork(order([{ id: 'webapp-basis-6m', quantity: 1 }, DOMAIN])))).status).toBe(201);
  });
});
