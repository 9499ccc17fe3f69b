import type { AccountContract, AccountOrder, AccountOverview } from '../../lib/contracts/overview.ts';
import { contractOutlook, type ContractOutlook } from '../../lib/contracts/status.ts';
import { todayIso } from '../../lib/forms/dates.ts';
import type { AccountInvoice } from '../../features/billing/overview.ts';
import { ledgerFactsSql } from '../../features/billing/server/facts.ts';
import { invoiceState, type LedgerFacts } from '../../features/billing/state.ts';
import type { CustomerType } from '../../lib/schemas/order.ts';
import type { Queryable } from '../db/index.ts';
import { CONTRACT_CONFIRMATION } from '../orders/order-documents.ts';
import { orderWithdrawalSql, pendingCancellationSql } from './pending-declarations.ts';

/**
 * The customer area's data (docs/decisions/0030-customer-area.md): the orders and contracts
 * whose `user_id` is the account – placed while logged in, or attached once the account
 * confirmed the order's address (decision 0029) – and the invoices of those orders (issue 24).
 * Never matched by e-mail here: an address someone merely registered must not show a
 * stranger's orders.
 */

type OrderRow = Omit<AccountOrder, 'orderedAt' | 'acceptedAt' | 'decidedAt'> & { orderedAt: string; acceptedAt: string | null; decidedAt: string | null };

type ContractRow = Omit<AccountContract, keyof ContractOutlook> & { customerType: CustomerType };

type InvoiceRow = Omit<AccountInvoice, 'state' | 'openCents'> & { facts: LedgerFacts };

/**
 * One round trip for the customer number and the three lists: each is aggregated to JSON inside the statement, so a page
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
            'hasConfirmation', EXISTS (SELECT 1 FROM order_documents d WHERE d.order_id = o.id AND d.kind = $2),
            'withdrawal', ${orderWithdrawalSql('o')},
            -- Where the order stands (decision 0053).
            'status', o.status,
            'acceptanceDeadline', o.acceptance_deadline,
            'acceptedAt', o.accepted_at,
            'decidedAt', o.decided_at,
            'rejectionReason', o.rejection_reason)
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
            'customerType', c.customer_type,
            'pendingCancellation', ${pendingCancellationSql('c')})
          ORDER BY c.order_id DESC, c.order_position), '[]'::json)
   FROM contracts c JOIN orders o ON o.id = c.order_id WHERE c.user_id = $1) AS contracts,
  -- The invoices of the account's orders (issue 24) with the facts of their ledger, from which
  -- their state is computed (decision 0058); the files are listed, not loaded.
  (SELECT coalesce(json_agg(json_build_object(
            'number', i.invoice_number,
            'kind', i.kind,
            'cancels', cancelled.invoice_number,
            'orderNumber', o.order_number,
            'issuedOn', i.issued_on,
            'dueOn', i.due_on,
            'servicePeriod', json_build_object('start', i.service_start, 'end', i.service_end),
            'customerType', i.customer_type,
            'format', i.format,
            'netCents', i.net_cents,
            'vatCents', i.vat_cents,
            'grossCents', i.gross_cents,
            'facts', ${ledgerFactsSql('i')},
            'documents', (SELECT coalesce(json_agg(d.kind ORDER BY d.kind), '[]'::json) FROM invoice_documents d WHERE d.invoice_id = i.id))
          ORDER BY i.id DESC), '[]'::json)
   FROM invoices i JOIN orders o ON o.id = i.order_id LEFT JOIN invoices cancelled ON cancelled.id = i.cancels_id
   WHERE o.user_id = $1) AS invoices`;

export async function accountOverview(
  db: Queryable,
  user: { userId: string; emailVerified: boolean },
  now: Date = new Date(),
): Promise<AccountOverview> {
  const { rows } = await db.query<{ customer_number: string; orders: OrderRow[]; contracts: ContractRow[]; invoices: InvoiceRow[] }>(OVERVIEW_SQL, [
    user.userId,
    CONTRACT_CONFIRMATION,
  ]);
  const { customer_number: customerNumber, orders, contracts, invoices } = rows[0]!;
  const today = todayIso(now);
  return {
    today,
    customerNumber,
    emailVerified: user.emailVerified,
    // The drivers hand back the timestamp's text in the session's time zone: one form for the client.
    orders: orders.map((order) => ({
      ...order,
      orderedAt: new Date(order.orderedAt).toISOString(),
      acceptedAt: order.acceptedAt === null ? null : new Date(order.acceptedAt).toISOString(),
      decidedAt: order.decidedAt === null ? null : new Date(order.decidedAt).toISOString(),
    })),
    contracts: contracts.map(({ customerType, ...contract }) => ({ ...contract, ...contractOutlook({ ...contract, customerType }, today) })),
    invoices: invoices.map(({ facts, ...invoice }) => ({ ...invoice, ...invoiceState(facts, invoice.number, today) })),
  };
}
