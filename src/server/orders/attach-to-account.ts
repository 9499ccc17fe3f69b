import type { Queryable } from '../db/index.ts';

export interface AttachedToAccount {
  orders: number;
  contracts: number;
}

/**
 * Gives a verified account the guest orders and contracts of its address (issue 19): those placed
 * without an account under the same e-mail address (compared case-insensitively, as customers
 * type it) that belong to nobody yet. Only a verified address counts — otherwise anyone could
 * register a stranger's address and read their orders — so the check is part of the statement
 * itself and the function is safe to call for any user. Orders of another account stay theirs,
 * and so do those of a deleted account (issue 33): an address can change hands, its history does not.
 *
 * Called in the transaction that verifies the address (confirmation link, password reset,
 * Google sign-in that links or creates the account).
 */
export async function attachOrdersOfVerifiedAddress(tx: Queryable, userId: string): Promise<AttachedToAccount> {
  const { rows } = await tx.query<{ orders: number; contracts: number }>(
    `WITH address AS (SELECT lower(email) AS email FROM users WHERE id = $1 AND email_verified_at IS NOT NULL),
     orders_attached AS (
       UPDATE orders SET user_id = $1
       WHERE user_id IS NULL AND account_deleted_at IS NULL AND lower(email) = (SELECT email FROM address)
       RETURNING id),
     contracts_attached AS (
       UPDATE contracts c SET user_id = $1 FROM orders o
       WHERE o.id = c.order_id AND c.user_id IS NULL AND o.account_deleted_at IS NULL AND lower(c.email) = (SELECT email FROM address)
       RETURNING c.id)
     SELECT (SELECT count(*) FROM orders_attached)::int AS orders, (SELECT count(*) FROM contracts_attached)::int AS contracts`,
    [userId],
  );
  return rows[0]!;
}
