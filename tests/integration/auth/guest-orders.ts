import orders from '../../../netlify/functions/orders.mts';
import { agb } from '../../../src/data/agb.ts';
import { getDb } from '../../../src/server/db/index.ts';
import type { Visitor } from '../http/visitor.ts';
import { primed } from './helpers.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

/**
 * A consumer order with a recurring package (so it makes a contract) and a fixed one-off service:
 * nothing in it needs review, so it is accepted at once and its contract runs right after the
 * order (decision 0053).
 */
function orderBody(email: string) {
  return {
    items: [
      { id: 'webapp-basis-6m', quantity: 1 },
      { id: 'restore-backup', quantity: 1 },
    ],
    customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email },
    paymentMethod: 'invoice',
    consents: { agb: true, agbVersion: agb.version, earlyStart: true, waiverAcknowledged: true },
  };
}

/** Places an order under `email` as the visitor (a guest unless the visitor is logged in) and waits for what follows the answer; its order number. */
export async function placeOrder(email: string, visitor?: Visitor): Promise<string> {
  const buyer = visitor ?? (await primed());
  const response = await buyer.call(orders, '/api/orders', {
    method: 'POST',
    json: withProofOfWork(orderBody(email)),
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  if (response.status !== 201) throw new Error(`order failed: ${response.status} ${await response.text()}`);
  // The order's first invoice and its mail are issued after the answer; a test that reads the
  // mailbox next must find them behind it, not racing in after a later mail.
  await buyer.settled();
  return ((await response.json()) as { orderId: string }).orderId;
}

/** Which account the order and each of its contracts belong to (null: nobody's). */
export async function ownersOf(orderNumber: string): Promise<{ order: string | null; contracts: (string | null)[] }> {
  const db = await getDb();
  const order = await db.query<{ id: string; user_id: string | null }>('SELECT id, user_id FROM orders WHERE order_number = $1', [orderNumber]);
  const contracts = await db.query<{ user_id: string | null }>('SELECT user_id FROM contracts WHERE order_id = $1 ORDER BY order_position', [
    order.rows[0]!.id,
  ]);
  return { order: order.rows[0]!.user_id, contracts: contracts.rows.map((c) => c.user_id) };
}

export async function userIdOf(email: string): Promise<string> {
  const { rows } = await (await getDb()).query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  if (!rows[0]) throw new Error(`no account for ${email}`);
  return rows[0].id;
}
