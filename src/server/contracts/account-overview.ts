import type { AccountContract, AccountOrder, AccountOverview } from '../../lib/contracts/overview.ts';
import { contractOutlook, type ContractOutlook } from '../../lib/contracts/status.ts';
import { todayIso } from '../../lib/forms/dates.ts';
import type { CustomerType } from '../../lib/schemas/order.ts';
import type { Queryable } from '../db/index.ts';
import { CONTRACT_CONFIRMATION } from '../orders/order-documents.ts';

/**
 * The customer area's data (docs/decisions/0030-customer-area.md): the orders and contracts
 * whose `user_id` is the account – placed while logged in, or attached once the account
 * confirmed the order's address (decision 0029). Never matched by e-mail here: an address
 * someone merely registered must not show a stranger's orders.
 */

type OrderRow = Omit<AccountOrder, 'orderedAt'> & { orderedAt: string };

type ContractRow = Omit<AccountContract, keyof ContractOutlook> & { customerType: CustomerType };

/**
 * One round trip for the customer number and both lists: each is aggregated to JSON inside the statement, so a page
 * view costs the session lookup and this query, however many orders an account has. Dates
 * come back as 'YYYY-MM-DD' from every driver, since JSON has no date type to convert.
 */
const OVERVIEW_SQL = `
SELECT
  (SELECT customer_number FROM users WHERE id = $1) AS customer_number,
  (SELECT coalesce(json_agg(json_build_object(
            'orderNumber', o.order_number,
            'orderedAt', o.created_at,
            'customerType', o.customer_type,
            'hasConfirmation', EXISTS (SELECT 1 FROM order_documents d WHERE d.order_id = o.id AND d.kind = $2))
          ORDER BY o.id DESC), '[]'::json)
   FROM orders o WHERE o.user_id = $1) AS orders,
  (SELECT coalesce(json_agg(json_build_object(
            'contractNumber', c.contract_number,
            'orderNumber', o.order_number,
            'name', c.name,
            'quantity', c.quantity,
            'periodCents', c.period_cents,
            'priceBasis', c.price_basis,
            'vatPercent', c.vat_percent,
            'billingMonths', c.billing_months,
            'minimumMonths', c.minimum_months,
            'noticeDays', c.notice_days,
            'startsOn', c.starts_on,
            'endsOn', c.ends_on,
            'customerType', c.customer_type)
          ORDER BY c.order_id DESC, c.order_position), '[]'::json)
   FROM contracts c JOIN orders o ON o.id = c.order_id WHERE c.user_id = $1) AS contracts`;

export async function accountOverview(
  db: Queryable,
  user: { userId: string; emailVerified: boolean },
  now: Date = new Date(),
): Promise<AccountOverview> {
  const { rows } = await db.query<{ customer_number: string; orders: OrderRow[]; contracts: ContractRow[] }>(OVERVIEW_SQL, [user.userId, CONTRACT_CONFIRMATION]);
  const { customer_number: customerNumber, orders, contracts } = rows[0]!;
  const today = todayIso(now);
  return {
    today,
    customerNumber,
    emailVerified: user.emailVerified,
    // The drivers hand back the timestamp's text in the session's time zone: one form for the client.
    orders: orders.map((order) => ({ ...order, orderedAt: new Date(order.orderedAt).toISOString() })),
    contracts: contracts.map(({ customerType, ...contract }) => ({ ...contract, ...contractOutlook({ ...contract, customerType }, today) })),
  };
}
