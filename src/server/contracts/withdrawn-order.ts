import { normalisedNumber } from '../../lib/contracts/matching.ts';
import { orderNumbersIn } from '../../lib/orders/order-number.ts';
import { withdrawalPeriodEnd } from '../../lib/contracts/service-start.ts';
import { germanDate, todayIso } from '../../lib/forms/dates.ts';
import type { Transaction } from '../db/index.ts';
import type { StoredRecord } from '../forms/submission.ts';

/**
 * The order a withdrawal names (decision 0052): a consumer's order placed under the sender's
 * address whose order or contract number the declaration quotes, received within that order's
 * withdrawal period. Exactly one must fit – nothing is guessed; otherwise an agent handles the
 * withdrawal from the inbox as before. A matched order's contracts end on the day of receipt, so
 * no further period is invoiced and the billing run refunds what was paid for the days after it
 * (src/server/invoices/due.ts).
 */
export async function endWithdrawnOrder(tx: Transaction, record: StoredRecord, declaration: { contract: string; email: string }): Promise<string | null> {
  const contractNumbers = [...declaration.contract.matchAll(/\bV\s*-?\s*\d{1,9}\b/gi)].flatMap((match) => normalisedNumber(match[0]) ?? []);
  const numbers = [...orderNumbersIn(declaration.contract), ...contractNumbers];
  if (numbers.length === 0) return null;
  const { rows } = await tx.query<{ id: number; order_number: string; ordered_on: string }>(
    `SELECT DISTINCT o.id, o.order_number, to_char(o.created_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') AS ordered_on
     FROM orders o LEFT JOIN contracts c ON c.order_id = o.id
     WHERE o.customer_type = 'consumer' AND lower(o.email) = lower($1) AND (o.order_number = ANY($2::text[]) OR c.contract_number = ANY($2::text[]))
       AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.order_id = o.id)`,
    [declaration.email, numbers],
  );
  const receivedOn = todayIso(record.receivedAt);
  const within = rows.filter((order) => receivedOn <= withdrawalPeriodEnd(order.ordered_on));
  if (within.length !== 1) return null;
  const order = within[0]!;
  await tx.query(
    `WITH matched AS (UPDATE withdrawals SET order_id = $1 WHERE id = $2)
     UPDATE contracts SET ends_on = $3::date, end_note = $4 WHERE order_id = $1 AND (ends_on IS NULL OR ends_on > $3::date)`,
    [order.id, record.id, receivedOn, `Widerruf Nr. ${record.id} vom ${germanDate(receivedOn)}`],
  );
  return order.order_number;
}
