import { inboxMessages, withdrawalTooLate } from '../../lib/schemas/inbox.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { attributeWithdrawal, ordersNamedIn, recordNamedOrders } from './withdrawn-order.ts';

/**
 * An agent assigns a withdrawal the orders it means (decision 0054), e.g. when the customer wrote
 * a product instead of a number, or named more than three: the same checks as on receipt – at
 * most three numbers, each a consumer order or one of its contracts, within its withdrawal period –
 * except the sender's address, which the agent has checked. The assignment is the attribution
 * ('agent') and withdraws the orders at once; one transaction, refused as a whole. Answers the
 * withdrawn order numbers, or null when there is no such withdrawal.
 */
export async function assignWithdrawalOrders(db: Db, id: number, orderNumbers: string, now: Date = new Date()): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ attributed: boolean }>('SELECT attributed_at IS NOT NULL AS attributed FROM withdrawals WHERE id = $1 FOR UPDATE', [id]);
    if (!rows[0]) return null;
    if (rows[0].attributed) throw new HttpError(409, inboxMessages.withdrawalAlreadyAssigned);
    const orders = await ordersNamedIn(tx, orderNumbers, 'anyone');
    if (!orders) throw new HttpError(400, inboxMessages.ordersUnknown, { orderNumbers: inboxMessages.ordersUnknown });
    await recordNamedOrders(tx, id, orders);
    const outcome = await attributeWithdrawal(tx, id, 'agent', now);
    if (outcome.kind === 'too-late') {
      const message = withdrawalTooLate(outcome.orderNumber, outcome.periodEnd);
      throw new HttpError(400, message, { orderNumbers: message });
    }
    if (outcome.kind !== 'withdrawn') throw new Error(`Widerruf ${id}: Zuordnung ohne Wirkung (${outcome.kind})`);
    return outcome.orderNumbers;
  });
}
