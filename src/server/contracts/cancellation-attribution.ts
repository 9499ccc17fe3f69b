import type { Attribution } from '../../lib/contracts/attribution.ts';
import type { Transaction } from '../db/index.ts';

/**
 * Attributes a stored cancellation to its customer and applies what it does, once (decision
 * 0054): an ordinary cancellation ends its candidate contract on the end computed for the day of
 * receipt (`computed_end_date`), unless the contract was ended meanwhile. An extraordinary one
 * ends nothing here; an agent decides its end. The `attributed_at IS NULL` guard and the row
 * locks of both updates make a second or concurrent attribution change nothing. Answers whether
 * this call attributed it.
 */
export async function attributeCancellation(tx: Transaction, id: number, by: Attribution, now: Date): Promise<boolean> {
  const { rows } = await tx.query<{ id: number }>(
    `WITH attributed AS (
       UPDATE cancellations SET attributed_at = $2, attributed_by = $3
       WHERE id = $1 AND attributed_at IS NULL
       RETURNING id, contract_id, computed_end_date, type_of_cancellation
     ), ended AS (
       UPDATE contracts k SET ends_on = a.computed_end_date, cancellation_id = a.id
       FROM attributed a
       WHERE k.id = a.contract_id AND a.type_of_cancellation = 'regular' AND a.computed_end_date IS NOT NULL AND k.ends_on IS NULL
     )
     SELECT id FROM attributed`,
    [id, now, by],
  );
  return rows.length > 0;
}
