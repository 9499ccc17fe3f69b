import { getDb } from '../../../src/server/db/index.ts';
import { inboxAction } from '../agent/helpers.ts';
import { loggedInAgent } from '../chat/helpers.ts';
import type { Visitor } from '../http/visitor.ts';

/**
 * An agent's decision on an order we review (decision 0053), as the dashboard sends it:
 * PATCH /api/agent/inbox/order/:id with { action: 'acceptOrder' } or { action: 'rejectOrder', reason }.
 */

let agent: Promise<{ visitor: Visitor; userId: string }> | undefined;

/** One agent per test file, logged in on first use. */
export function anAgent(): Promise<{ visitor: Visitor; userId: string }> {
  agent ??= loggedInAgent();
  return agent;
}

export async function orderIdOf(orderNumber: string): Promise<number> {
  const { rows } = await (await getDb()).query<{ id: string | number }>('SELECT id FROM orders WHERE order_number = $1', [orderNumber]);
  if (!rows[0]) throw new Error(`no order ${orderNumber}`);
  return Number(rows[0].id);
}

/** The agent's answer to the decision; its work after the answer (mail, first invoice) is done when this resolves. */
export async function decide(orderNumber: string, action: { action: 'acceptOrder' } | { action: 'rejectOrder'; reason: string }): Promise<Response> {
  const { visitor } = await anAgent();
  const response = await inboxAction(visitor, 'order', await orderIdOf(orderNumber), action);
  await visitor.settled();
  return response;
}

/** Accepts the order as an agent and insists that it worked. */
export async function accepted(orderNumber: string): Promise<void> {
  const response = await decide(orderNumber, { action: 'acceptOrder' });
  if (response.status !== 200) throw new Error(`acceptance failed: ${response.status} ${await response.text()}`);
}
