import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import orders from '../../../netlify/functions/orders.mts';
import * as confirmationDocument from '../../../src/server/documents/contract-confirmation.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { securityCheckMessages } from '../../../src/server/security/check.ts';
import { primed } from '../auth/helpers.ts';
import type { Visitor } from '../http/visitor.ts';
import { consumerOrderOfOneApp, solvedTasks } from './proof-of-work.ts';

/**
 * POST /api/orders checks the proof of work before any other work (issue 35): a refused one costs
 * no order or contract number from the sequences and no contract confirmation PDF. The PDF is
 * watched by wrapping its module's function; the numbers by the sequences' values.
 */

vi.mock('../../../src/server/documents/contract-confirmation.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof confirmationDocument>();
  return { ...actual, contractConfirmationPdf: vi.fn(actual.contractConfirmationPdf) };
});
const pdfRenders = vi.mocked(confirmationDocument.contractConfirmationPdf);

async function sequences(): Promise<{ orders: string; contracts: string }> {
  const { rows } = await (await getDb()).query<{ orders: string; contracts: string }>(
    `SELECT (SELECT last_value::text FROM orders_id_seq) AS orders, (SELECT last_value::text FROM contracts_id_seq) AS contracts`,
  );
  return rows[0]!;
}

async function order(visitor: Visitor, body: unknown, key: string = crypto.randomUUID()): Promise<Response> {
  const response = await visitor.call(orders, '/api/orders', { method: 'POST', json: body, headers: { 'Idempotency-Key': key } });
  await visitor.settled();
  return response;
}

beforeAll(async () => {
  const db = await getDb();
  // The names the checks above read: the serial columns' own sequences.
  const { rows } = await db.query<{ orders: string; contracts: string }>(
    "SELECT pg_get_serial_sequence('orders', 'id') AS orders, pg_get_serial_sequence('contracts', 'id') AS contracts",
  );
  expect(rows[0]).toEqual({ orders: 'public.orders_id_seq', contracts: 'public.contracts_id_seq' });
});

beforeEach(() => {
  pdfRenders.mockClear();
});

describe('a refused proof of work costs no number and no PDF', () => {
  it('solutions another order spent: 400 before a number is reserved or the PDF rendered', async () => {
    const spent = solvedTasks();
    const first = await order(await primed(), { ...consumerOrderOfOneApp('erste@example.test'), hashcash_solutions: spent });
    expect(first.status).toBe(201);
    // The order the refusals below are compared with renders its PDF: the wrap sees it.
    expect(pdfRenders).toHaveBeenCalledTimes(1);
    pdfRenders.mockClear();

    const before = await sequences();
    const replayed = await order(await primed(), { ...consumerOrderOfOneApp('zweite@example.test'), hashcash_solutions: spent });
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ errors: { hashcash_solutions: securityCheckMessages.hashcashFailed } });
    expect(await sequences()).toEqual(before);
    expect(pdfRenders).not.toHaveBeenCalled();
  });

  it('solutions that are forged: 400 before a number is reserved or the PDF rendered', async () => {
    // The task's text carries its signature: a changed text is no task of ours.
    const forged = solvedTasks().map((solution) => ({ ...solution, text: `${solution.text}0` }));
    const before = await sequences();
    const response = await order(await primed(), { ...consumerOrderOfOneApp('gefaelscht@example.test'), hashcash_solutions: forged });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { hashcash_solutions: securityCheckMessages.hashcashFailed } });
    expect(await sequences()).toEqual(before);
    expect(pdfRenders).not.toHaveBeenCalled();
  });

  it('the same request again under its key (a retry after a timeout) still answers with the placed order', async () => {
    const [visitor, key, body] = [await primed(), crypto.randomUUID(), consumerOrderOfOneApp('wiederholt@example.test')];
    const first = await order(visitor, body, key);
    expect(first.status).toBe(201);
    const retry = await order(visitor, body, key);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { orderId: string }).orderId).toBe(((await first.json()) as { orderId: string }).orderId);
  });
});
