// @vitest-environment happy-dom
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/client/api.ts';
import { agb } from '../../../../../src/data/agb.ts';
import { placeOrder } from '../../../../../src/features/checkout/stores/checkout.ts';
import type { HashcashSolution } from '../../../../../src/lib/hashcash/index.ts';
import { EMPTY_CHECKOUT, orderRequest } from '../../../../../src/features/checkout/order-form.ts';
import { $cartEntries, addItem } from '../../../../../src/stores/cart.ts';

const request = orderRequest(
  {
    ...EMPTY_CHECKOUT,
    name: 'Erika Mustermann',
    street: 'Heidestraße 17',
    postalCode: '51147',
    city: 'Köln',
    email: ' erika@example.de ',
    paymentMethod: 'invoice',
    agb: true,
  },
  [{ id: 'restore-backup', quantity: 1 }],
  agb.version,
);
const solutions: HashcashSolution[] = [{ text: 'task', nonce: 1, difficulty: 4 }];
const placed = { orderId: 'B-2026-0001', status: 'accepted', schedule: {}, servicesStartOn: '2026-11-29', acceptanceDeadline: null, confirmationMailed: true };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server's answers in turn; the keys and bodies the store sent. */
function server(...answers: Response[]) {
  const sent: { key: string | null; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push({ key: new Headers(init?.headers).get('idempotency-key'), body: JSON.parse(init!.body as string) as Record<string, unknown> });
      return answers.shift()!;
    }),
  );
  return sent;
}

beforeAll(() => useTestStorageEngine());
beforeEach(() => {
  document.cookie = 'csrf_token=t';
  $cartEntries.listen(() => {});
  addItem('restore-backup');
});
afterEach(() => {
  cleanTestStorage();
  vi.unstubAllGlobals();
});

describe('the checkout store (issue 37)', () => {
  it('keeps one Idempotency-Key for the retries of one order, empties the cart once it stands, and takes a new key for the next', async () => {
    const sent = server(json(503, { message: 'Wartung' }), json(201, placed), json(201, placed));
    await expect(placeOrder(request, solutions, async () => null)).rejects.toBeInstanceOf(ApiError);
    expect($cartEntries.get()).toHaveLength(1);
    await expect(placeOrder(request, solutions, async () => null)).resolves.toEqual(placed);
    expect($cartEntries.get()).toEqual([]);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    // The request as typed, with the proof of work: the server's own reading of it trims the address.
    expect(sent[1]!.body).toMatchObject({ customer: { email: ' erika@example.de ' }, hashcash_solutions: solutions });
    await placeOrder(request, solutions, async () => null);
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
  });

  it('takes a new key once the server refused the key for good (422: the same key with other data)', async () => {
    const sent = server(json(422, { message: 'Anderer Inhalt' }), json(201, placed));
    await expect(placeOrder(request, solutions, async () => null)).rejects.toMatchObject({ status: 422 });
    await placeOrder(request, solutions, async () => null);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('sends once more with fresh solutions when the server refused the proof of work', async () => {
    const fresh: HashcashSolution[] = [{ text: 'task-2', nonce: 2, difficulty: 4 }];
    const sent = server(json(400, { message: 'Spam-Schutz abgelaufen', code: 'proof-of-work-refused' }), json(201, placed));
    await expect(placeOrder(request, solutions, async () => fresh)).resolves.toEqual(placed);
    expect(sent.map(({ body }) => body.hashcash_solutions)).toEqual([solutions, fresh]);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });
});
