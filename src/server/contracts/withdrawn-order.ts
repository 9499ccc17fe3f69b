import type { Attribution } from '../../lib/contracts/attribution.ts';
import type { IsoDay } from '../../lib/contracts/ends.ts';
import { MAX_NAMED_NUMBERS, namedOrders, numbersIn } from '../../lib/contracts/matching.ts';
import { withdrawalPeriodEnd } from '../../lib/contracts/service-start.ts';
import { germanDate, todayIso } from '../../lib/forms/dates.ts';
import type { Transaction } from '../db/index.ts';

/**
 * The orders a withdrawal names, and their withdrawal once it is attributable (decisions 0052,
 * 0054). The numbers are read from the declaration's text (`numbersIn`); there may be at most
 * three, and every one must be a consumer order of the sender – placed under the address typed,
 * or by the logged-in account – or one of its contracts. Anything else names nothing: a list of
 * guessed numbers changes nothing and waits for an agent, who may assign the orders by hand.
 * Withdrawn, an order's contracts end on the day of receipt, so no further period is invoiced and
 * the billing run refunds what was paid for the days after it (src/features/billing/server/due.ts).
 */

/** Whose orders may be named: those under the address typed, those of the logged-in account, or (an agent) any. */
export type OrderScope = { email: string } | { userId: string } | 'anyone';

/**
 * The day an order's withdrawal period counts from: the conclusion of the contract, i.e. our
 * acceptance, the day in Germany (decision 0053). NULL for an order we have not accepted: the
 * consumer may withdraw the offer before it becomes a contract, at any time.
 */
const CONCLUDED_ON = `to_char(o.accepted_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD')`;

export interface NamedOrder {
  id: number;
  orderNumber: string;
}

/** The orders the text names within the scope, or null when it names none of them exactly (see above). */
export async function ordersNamedIn(tx: Transaction, text: string, scope: OrderScope): Promise<NamedOrder[] | null> {
  const numbers = numbersIn(text);
  // Not even worth a query: the pure check below would refuse it as well.
  if (numbers.length === 0 || numbers.length > MAX_NAMED_NUMBERS) return null;
  const [condition, owner]: [string, string[]] =
    scope === 'anyone' ? ['true', []] : 'userId' in scope ? ['o.user_id = $2', [scope.userId]] : ['lower(o.email) = lower($2)', [scope.email]];
  const { rows } = await tx.query<{ id: number; order_number: string; contract_numbers: string[] }>(
    `SELECT o.id, o.order_number,
            (SELECT coalesce(json_agg(c.contract_number), '[]'::json) FROM contracts c WHERE c.order_id = o.id) AS contract_numbers
     FROM orders o
     WHERE o.customer_type = 'consumer' AND ${condition}
       AND (o.order_number = ANY($1::text[]) OR EXISTS (SELECT 1 FROM contracts c WHERE c.order_id = o.id AND c.contract_number = ANY($1::text[])))`,
    [numbers, ...owner],
  );
  const named = namedOrders(
    numbers,
    rows.map((row) => ({ id: Number(row.id), orderNumber: row.order_number, contractNumbers: row.contract_numbers })),
  );
  return named && named.map(({ id, orderNumber }) => ({ id, orderNumber }));
}

/** Records the orders a withdrawal names (on receipt, or an agent's assignment replacing them). */
export async function recordNamedOrders(tx: Transaction, withdrawalId: number, orders: readonly NamedOrder[]): Promise<void> {
  await tx.query(
    `WITH cleared AS (DELETE FROM withdrawal_orders WHERE withdrawal_id = $1)
     INSERT INTO withdrawal_orders (withdrawal_id, order_id) SELECT $1, unnest($2::bigint[])`,
    [withdrawalId, orders.map((order) => order.id)],
  );
}

export type WithdrawalOutcome =
  /** Attributed now: these orders are withdrawn. */
  | { kind: 'withdrawn'; orderNumbers: string[] }
  /** Nothing changed: it was attributed before, names no order, or came after an order's period. */
  | { kind: 'attributed-before' }
  | { kind: 'no-orders' }
  | { kind: 'too-late'; orderNumber: string; periodEnd: IsoDay };

/**
 * Attributes a withdrawal and withdraws the orders recorded for it, once: each order's contracts
 * end on the day of receipt (effective on receipt, § 355 Abs. 1 BGB). All or nothing – when an
 * order's withdrawal period had ended before the withdrawal arrived, nothing changes and an agent
 * answers. The withdrawal's row lock makes a second or concurrent attribution change nothing.
 */
export async function attributeWithdrawal(tx: Transaction, id: number, by: Attribution, now: Date): Promise<WithdrawalOutcome> {
  const { rows } = await tx.query<{ received_at: Date; attributed: boolean; orders: { id: number; orderNumber: string; concludedOn: IsoDay | null }[] }>(
    `SELECT w.received_at, w.attributed_at IS NOT NULL AS attributed,
            (SELECT coalesce(json_agg(json_build_object('id', o.id, 'orderNumber', o.order_number, 'concludedOn', ${CONCLUDED_ON}) ORDER BY o.id), '[]'::json)
             FROM withdrawal_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.withdrawal_id = w.id) AS orders
     FROM withdrawals w WHERE w.id = $1 FOR UPDATE OF w`,
    [id],
  );
  const row = rows[0];
  if (!row || row.attributed) return { kind: 'attributed-before' };
  if (row.orders.length === 0) return { kind: 'no-orders' };
  const receivedOn = todayIso(row.received_at);
  for (const order of row.orders) {
    if (order.concludedOn === null) continue;
    const periodEnd = withdrawalPeriodEnd(order.concludedOn);
    if (receivedOn > periodEnd) return { kind: 'too-late', orderNumber: order.orderNumber, periodEnd };
  }
  // An order we have not accepted yet has no contracts: it is withdrawn and can no longer be accepted.
  await tx.query(
    `WITH attributed AS (UPDATE withdrawals SET attributed_at = $2, attributed_by = $3 WHERE id = $1),
     offers AS (UPDATE orders SET status = 'withdrawn', decided_at = $2 WHERE id = ANY($4::bigint[]) AND status = 'received')
     UPDATE contracts SET ends_on = $5::date, end_note = $6
     WHERE order_id = ANY($4::bigint[]) AND (ends_on IS NULL OR ends_on > $5::date)`,
    [id, now, by, row.orders.map((order) => order.id), receivedOn, `Widerruf Nr. ${id} vom ${germanDate(receivedOn)}`],
  );
  return { kind: 'withdrawn', orderNumbers: row.orders.map((order) => order.orderNumber) };
}
