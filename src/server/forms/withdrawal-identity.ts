import { tokenHash } from '../auth/tokens.ts';
import { attributeWithdrawal } from '../contracts/withdrawn-order.ts';
import type { Db } from '../db/index.ts';

/**
 * The identity link of a withdrawal's receipt mail (decision 0054), like the cancellation's: the
 * orders the withdrawal names were placed under the address the link went to, so whoever confirms
 * controls the orderer's mailbox. The first confirmation attributes the withdrawal
 * ('identity-link') and withdraws those orders; confirming again changes nothing. A withdrawal that
 * names no order exactly, or came after an order's withdrawal period, stays with an agent.
 */

export interface ConfirmedWithdrawal {
  id: number;
  contract: string;
  receivedAt: Date;
  confirmedAt: Date;
  /** The orders withdrawn with it (by this or an earlier confirmation, or an agent); empty while an agent checks it. */
  withdrawnOrders: string[];
}

export async function confirmWithdrawalIdentity(db: Db, token: string, now: Date = new Date()): Promise<ConfirmedWithdrawal | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; contract: string; received_at: Date; identity_confirmed_at: Date }>(
      `UPDATE withdrawals SET identity_confirmed_at = coalesce(identity_confirmed_at, $2)
       WHERE identity_token_hash = $1
       RETURNING id, contract, received_at, identity_confirmed_at`,
      [tokenHash(token), now],
    );
    const row = rows[0];
    if (!row) return null;
    await attributeWithdrawal(tx, row.id, 'identity-link', now);
    // What stands now, whoever attributed it: only an attributed withdrawal has withdrawn its orders.
    const withdrawn = await tx.query<{ order_number: string }>(
      `SELECT o.order_number FROM withdrawal_orders wo JOIN orders o ON o.id = wo.order_id JOIN withdrawals w ON w.id = wo.withdrawal_id
       WHERE wo.withdrawal_id = $1 AND w.attributed_at IS NOT NULL ORDER BY o.id`,
      [row.id],
    );
    return {
      id: row.id,
      contract: row.contract,
      receivedAt: row.received_at,
      confirmedAt: row.identity_confirmed_at,
      withdrawnOrders: withdrawn.rows.map((order) => order.order_number),
    };
  });
}
