import type { IsoDay } from '../../../lib/contracts/ends.ts';
import type { CustomerType, InvoiceFormat } from '../../../lib/schemas/order.ts';
import type { PriceBasis } from '../../../lib/prices/amounts.ts';
import type { TaxCase } from '../../../lib/tax-case.ts';
import type { Queryable } from '../../../server/db/index.ts';
import type { OrderBuyerRow } from '../../../server/orders/stored-order.ts';
import { creditDue, invoicesDue, type ContractToBill, type InvoiceDraft, type InvoicedLine, type InvoicedOrder, type InvoiceToCredit, type OnceLine, type OrderToBill } from '../drafting.ts';
import type { InvoiceBuyer } from '../invoice.ts';

/**
 * What the billing run issues on a day (decision 0052): invoices for what is due and not yet
 * invoiced, and cancellation invoices for what an early end or a withdrawal refunds. This module
 * reads the facts; what they make due is drafted by the pure ../drafting.ts. Read without locks:
 * the issuing transaction (issue.ts) decides, through the UNIQUE indexes on invoice_lines,
 * whether a draft still is due when several runs race.
 */

/** What an invoice takes from its order besides the buyer, as the queries name it. */
interface OrderFacts {
  id: number;
  order_number: string;
  customer_type: CustomerType;
  price_basis: PriceBasis;
  tax_case: TaxCase;
  invoice_format: InvoiceFormat;
  services_start_on: IsoDay;
}

interface OrderRow extends OrderFacts, OrderBuyerRow {
  mandate_reference: string | null;
  billed_from: IsoDay | null;
  customer_number: string | null;
  once_billed: boolean;
  once_lines: OnceLine[];
  contracts: ContractToBill[];
}

/**
 * Orders with something to invoice on $1: no invoice yet (unless invoiced by hand before, see
 * billed_from), or a contract whose current period – or, once it ended, its last one – is not
 * invoiced. Withdrawn orders are never invoiced again – withdrawn meaning by an attributed
 * withdrawal (decision 0054): one nobody has confirmed yet changes nothing. Only an accepted order is
 * invoiced: one we still review, or that was rejected, lapsed or withdrawn before our acceptance,
 * never (decision 0053).
 */
const DUE_ORDERS_SQL = `
SELECT o.id, o.order_number, o.customer_type, o.price_basis, o.tax_case, o.company, o.vat_id, o.name, o.street, o.postal_code, o.city,
       o.country, o.email, o.payment_method, o.iban, o.mandate_reference, o.invoice_format, o.leitweg_id,
       to_char(o.billed_from, 'YYYY-MM-DD') AS billed_from, to_char(o.services_start_on, 'YYYY-MM-DD') AS services_start_on,
       u.customer_number,
       EXISTS (SELECT 1 FROM invoice_lines b WHERE b.order_id = o.id AND NOT b.credit AND b.contract_id IS NULL) AS once_billed,
       (SELECT coalesce(json_agg(json_build_object('position', l.position, 'name', l.name, 'unit', l.unit, 'quantity', l.quantity,
                 'lineCents', l.line_cents, 'lineGrossCents', l.line_gross_cents, 'vatPercent', l.vat_percent) ORDER BY l.position), '[]'::json)
        FROM order_lines l WHERE l.order_id = o.id AND l.billing_months IS NULL) AS once_lines,
       (SELECT coalesce(json_agg(json_build_object('id', c.id, 'position', c.order_position, 'number', c.contract_number, 'name', c.name,
                 'quantity', c.quantity, 'periodCents', c.period_cents, 'periodGrossCents', c.period_gross_cents, 'vatPercent', c.vat_percent, 'billingMonths', c.billing_months,
                 'startsOn', c.starts_on, 'endsOn', c.ends_on,
                 'billed', (SELECT coalesce(json_agg(b.period_start), '[]'::json) FROM invoice_lines b WHERE b.contract_id = c.id AND NOT b.credit))
               ORDER BY c.order_position), '[]'::json)
        FROM contracts c WHERE c.order_id = o.id) AS contracts
FROM orders o LEFT JOIN users u ON u.id = o.user_id
WHERE (o.created_at AT TIME ZONE 'Europe/Berlin')::date <= $1::date
  AND ($2::bigint IS NULL OR o.id = $2::bigint)
  AND o.status = 'accepted'
  AND NOT EXISTS (SELECT 1 FROM withdrawal_orders wo JOIN withdrawals w ON w.id = wo.withdrawal_id
                  WHERE wo.order_id = o.id AND w.attributed_at IS NOT NULL)
  AND ((o.billed_from IS NULL AND NOT EXISTS (SELECT 1 FROM invoice_lines b WHERE b.order_id = o.id AND NOT b.credit))
       OR EXISTS (SELECT 1 FROM contracts c WHERE c.order_id = o.id
                  AND NOT EXISTS (SELECT 1 FROM invoice_lines b WHERE b.contract_id = c.id AND NOT b.credit
                                  AND b.period_end >= least(c.ends_on, $1::date))))
ORDER BY o.id`;

function invoicedOrderOf(order: OrderFacts): InvoicedOrder {
  return {
    id: order.id,
    orderNumber: order.order_number,
    customerType: order.customer_type,
    priceBasis: order.price_basis,
    taxCase: order.tax_case,
    format: order.invoice_format,
    servicesStartOn: order.services_start_on,
  };
}

function orderToBill(row: OrderRow): OrderToBill {
  return {
    order: invoicedOrderOf(row),
    buyer: {
      name: row.name,
      company: row.company,
      street: row.street,
      postalCode: row.postal_code,
      city: row.city,
      country: row.country,
      email: row.email,
      vatId: row.vat_id,
      leitwegId: row.leitweg_id,
      customerNumber: row.customer_number,
    },
    paymentMethod: row.payment_method,
    iban: row.iban,
    mandateReference: row.mandate_reference,
    billedFrom: row.billed_from,
    onceBilled: row.once_billed,
    onceLines: row.once_lines,
    contracts: row.contracts,
  };
}

/**
 * The invoices due on `day`: per order, the first invoice (one-off lines and every contract's
 * first period, AGB § 4: due with the contract) and one invoice per later period start.
 */
export async function dueInvoices(db: Queryable, day: IsoDay, orderId: number | null = null): Promise<InvoiceDraft[]> {
  const { rows } = await db.query<OrderRow>(DUE_ORDERS_SQL, [day, orderId]);
  return rows.flatMap((row) => invoicesDue(orderToBill(row), day));
}

interface RefundRow {
  invoice_id: number;
  invoice_number: string;
  issued_on: IsoDay;
  buyer: InvoiceBuyer;
  payment_method: 'transfer' | 'sepa' | 'paypal';
  mandate_reference: string | null;
  iban: string | null;
  order: OrderFacts;
  /** The model's line as SQL builds it: the period in two columns, the contract's end by its column name. */
  lines: (Omit<InvoicedLine, 'period' | 'contractEndsOn'> & { position: number; periodStart: IsoDay | null; periodEnd: IsoDay | null; endsOn: IsoDay | null })[];
}

/**
 * Invoiced lines a refund is owed for, not yet credited: a contract's period that reaches past
 * the day its contract ended (a withdrawal ends it on receipt, so the days after it are refunded
 * pro rata), and every one-off line of an order withdrawn by an attributed withdrawal (decision
 * 0054) – before its services began (§ 357 Abs. 1 BGB) and after an early start alike: the
 * consumer owes only the value of what was performed until the withdrawal (§ 357a Abs. 2 BGB),
 * and the shop keeps no record of work performed on a one-off line (hours worked, a prototype
 * begun). So the run keeps nothing of it and claims no Wertersatz (docs/decisions/0061-withdrawal-credit.md).
 */
const DUE_REFUNDS_SQL = `
SELECT i.id AS invoice_id, i.invoice_number, to_char(i.issued_on, 'YYYY-MM-DD') AS issued_on, i.buyer, i.payment_method, i.mandate_reference, o.iban,
       json_build_object('id', o.id, 'order_number', o.order_number, 'customer_type', i.customer_type, 'price_basis', i.price_basis,
                         'tax_case', i.tax_case, 'invoice_format', i.format, 'services_start_on', o.services_start_on) AS "order",
       json_agg(json_build_object('position', l.position, 'orderPosition', l.order_position, 'contractId', l.contract_id,
                 'contractNumber', c.contract_number, 'periodStart', l.period_start, 'periodEnd', l.period_end, 'name', l.name,
                 'unit', l.unit, 'quantity', l.quantity, 'unitCents', l.unit_cents, 'lineCents', l.line_cents,
                 'lineGrossCents', l.line_gross_cents, 'vatPercent', l.vat_percent, 'endsOn', c.ends_on) ORDER BY l.position) AS lines
FROM invoice_lines l
JOIN invoices i ON i.id = l.invoice_id
JOIN orders o ON o.id = l.order_id
LEFT JOIN contracts c ON c.id = l.contract_id
WHERE NOT l.credit AND i.issued_on <= $1::date AND ($2::bigint IS NULL OR l.order_id = $2::bigint)
  AND NOT EXISTS (SELECT 1 FROM invoice_lines r WHERE r.credit AND r.order_id = l.order_id AND r.order_position = l.order_position
                  AND r.period_start IS NOT DISTINCT FROM l.period_start)
  AND ((c.ends_on IS NOT NULL AND c.ends_on < l.period_end AND c.ends_on <= $1::date)
       OR (l.contract_id IS NULL AND EXISTS (SELECT 1 FROM withdrawal_orders wo JOIN withdrawals w ON w.id = wo.withdrawal_id
                                             WHERE wo.order_id = o.id AND w.attributed_at IS NOT NULL)))
GROUP BY i.id, o.id
ORDER BY i.id`;

function invoiceToCredit(row: RefundRow): InvoiceToCredit {
  return {
    invoiceId: row.invoice_id,
    number: row.invoice_number,
    issuedOn: row.issued_on,
    order: invoicedOrderOf(row.order),
    buyer: row.buyer,
    paymentMethod: row.payment_method,
    iban: row.iban,
    mandateReference: row.mandate_reference,
    lines: row.lines.map((line) => ({
      orderPosition: line.orderPosition,
      contractId: line.contractId,
      contractNumber: line.contractNumber,
      // invoice_lines has both days of a period or neither (migration 0025).
      period: line.periodStart && line.periodEnd ? { start: line.periodStart, end: line.periodEnd } : null,
      contractEndsOn: line.endsOn,
      name: line.name,
      unit: line.unit,
      quantity: line.quantity,
      unitCents: line.unitCents,
      lineCents: line.lineCents,
      lineGrossCents: line.lineGrossCents,
      vatPercent: line.vatPercent,
    })),
  };
}

/** The cancellation invoices due on `day`: one per invoice with lines to refund, with the refunded amounts. */
export async function dueRefunds(db: Queryable, day: IsoDay, orderId: number | null = null): Promise<InvoiceDraft[]> {
  const { rows } = await db.query<RefundRow>(DUE_REFUNDS_SQL, [day, orderId]);
  return rows.flatMap((row) => creditDue(invoiceToCredit(row), day) ?? []);
}
