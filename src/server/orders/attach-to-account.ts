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
 * itself and the function is safe to call for any user. Orders of another account stay theirs.
 *
 * Called in the transaction that verifies the address (confirmation link, password reset,
 * Google sign-in that links or creates the account).
 */
export async function attachOrdersOfVerifiedAddress(tx: Queryable, userId: string): Promise<AttachedToAccount> {
  const verifiedAddress = 'SELECT lower(email) FROM users WHERE id = $1 AND email_verified_at IS NOT NULL';
  const orders = await tx.query(`UPDATE orders SET user_id = $1 WHERE user_id IS NULL AND lower(email) = (${verifiedAddress})`, [userId]);
  const contracts = await tx.query(`UPDATE contracts SET user_id = $1 WHERE user_id IS NULL AND lower(email) = (${verifiedAddress})`, [userId]);
  return { orders: orders.rowCount, contracts: contracts.rowCount };
}
