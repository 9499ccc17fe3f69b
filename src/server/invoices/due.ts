import type { IsoDay } from '../../lib/contracts/ends.ts';
import { addDays } from '../../lib/contracts/ends.ts';
import { duePeriods, PAYMENT_DAYS, refundOf } from '../../lib/invoices/billing.ts';
import { SEPA_MINIMUM_CENTS } from '../../lib/order.ts';
import { amountOf, type PriceBasis } from '../../lib/prices/amounts.ts';
import type { CustomerType, InvoiceFormat, PaymentMethod } from '../../lib/schemas/order.ts';
import type { Queryable } from '../db/index.ts';
import type { Invoice, InvoiceBuyer, InvoiceLine, InvoicePayment } from './invoice.ts';

/**
 * What the billing run issues on a day (decision 0052): invoices for what is due and not yet
 * invoiced, and cancellation invoices for what an early end or a withdrawal refunds. Read
 * without locks: the issuing transaction (issue.ts) decides, through the UNIQUE indexes on
 * invoice_lines, whether a draft still is due when several runs race.
 */

/** An invoice before its number: what issue.ts stores, numbers and mails. */
export interface InvoiceDraft {
  orderId: number;
  cancelsId: number | null;
  invoice: Omit<Invoice, 'number'>;
  /** Per line: the order line and contract it bills (in the order of invoice.lines). */
  keys: { orderPosition: number; contractId: number | null; periodStart: IsoDay | null }[];
}

interface OrderRow extends OrderFacts {
  company: string | null;
  vat_id: string | null;
  name: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  email: string;
  payment_method: PaymentMethod;
  iban: string | null;
  mandate_reference: string | null;
  leitweg_id: string | null;
  billed_from: IsoDay | null;
  customer_number: string | null;
  once_billed: boolean;
  once_lines: { position: number; name: string; unit: string; quantity: number; unitCents: number; lineCents: number; vatPercent: number }[];
  contracts: {
    id: number;
    position: number;
    number: string;
    name: string;
    quantity: number;
    periodCents: number;
    vatPercent: number;
    billingMonths: number;
    startsOn: IsoDay;
    endsOn: IsoDay | null;
    billed: IsoDay[];
  }[];
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
SELECT o.id, o.order_number, o.customer_type, o.price_basis, o.company, o.vat_id, o.name, o.street, o.postal_code, o.city,
       o.country, o.email, o.payment_method, o.iban, o.mandate_reference, o.invoice_format, o.leitweg_id,
       to_char(o.billed_from, 'YYYY-MM-DD') AS billed_from, to_char(o.services_start_on, 'YYYY-MM-DD') AS services_start_on,
       u.customer_number,
       EXISTS (SELECT 1 FROM invoice_lines b WHERE b.order_id = o.id AND NOT b.credit AND b.contract_id IS NULL) AS once_billed,
       (SELECT coalesce(json_agg(json_build_object('position', l.position, 'name', l.name, 'unit', l.unit, 'quantity', l.quantity,
                 'unitCents', l.unit_cents, 'lineCents', l.line_cents, 'vatPercent', l.vat_percent) ORDER BY l.position), '[]'::json)
        FROM order_lines l WHERE l.order_id = o.id AND l.billing_months IS NULL) AS once_lines,
       (SELECT coalesce(json_agg(json_build_object('id', c.id, 'position', c.order_position, 'number', c.contract_number, 'name', c.name,
                 'quantity', c.quantity, 'periodCents', c.period_cents, 'vatPercent', c.vat_percent, 'billingMonths', c.billing_months,
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

function buyerOf(order: OrderRow): InvoiceBuyer {
  return {
    name: order.name,
    company: order.company,
    street: order.street,
    postalCode: order.postal_code,
    city: order.city,
    country: order.country,
    email: order.email,
    vatId: order.vat_id,
    leitwegId: order.leitweg_id,
    customerNumber: order.customer_number,
  };
}

/** Direct debit from the minimum on, due with the invoice; below it, and for 'invoice', by transfer. */
function paymentOf(order: Pick<OrderRow, 'payment_method' | 'iban' | 'mandate_reference'>, grossCents: number, dueOn: IsoDay): InvoicePayment {
  if (order.payment_method === 'paypal') return { method: 'paypal' };
  if (order.payment_method === 'sepa' && grossCents >= SEPA_MINIMUM_CENTS && order.iban && order.mandate_reference) {
    return { method: 'sepa', mandateReference: order.mandate_reference, iban: order.iban, debitOn: dueOn };
  }
  return { method: 'transfer' };
}

type Billed = { line: Omit<InvoiceLine, 'position'>; key: InvoiceDraft['keys'][number] };

/** What an invoice takes from its order besides the buyer. */
interface OrderFacts {
  id: number;
  order_number: string;
  customer_type: CustomerType;
  price_basis: PriceBasis;
  invoice_format: InvoiceFormat;
  services_start_on: IsoDay;
}

function draftOf(order: OrderFacts, buyer: InvoiceBuyer, day: IsoDay, unordered: Billed[], payment: (grossCents: number, dueOn: IsoDay) => InvoicePayment): InvoiceDraft {
  // In the order's own order, so the invoice reads like the order it bills.
  const billed = [...unordered].sort((a, b) => a.key.orderPosition - b.key.orderPosition);
  const lines = billed.map(({ line }, index) => ({ ...line, position: index + 1 }));
  const totals = amountOf(lines.map((line) => ({ cents: line.lineCents, vatPercent: line.vatPercent })), order.price_basis);
  const starts = lines.map((line) => line.period?.start ?? order.services_start_on).sort();
  const ends = lines.map((line) => line.period?.end ?? order.services_start_on).sort();
  const dueOn = addDays(day, PAYMENT_DAYS);
  return {
    orderId: order.id,
    cancelsId: null,
    keys: billed.map(({ key }) => key),
    invoice: {
      kind: 'invoice',
      cancels: null,
      orderNumber: order.order_number,
      issuedOn: day,
      dueOn,
      servicePeriod: { start: starts[0]!, end: ends.at(-1)! },
      customerType: order.customer_type,
      priceBasis: order.price_basis,
      format: order.invoice_format,
      buyer,
      payment: payment(totals.grossCents, dueOn),
      lines,
      totals,
    },
  };
}

/**
 * The invoices due on `day`: per order, the first invoice (one-off lines and every contract's
 * first period, AGB § 4: due with the contract) and one invoice per later period start.
 */
export async function dueInvoices(db: Queryable, day: IsoDay, orderId: number | null = null): Promise<InvoiceDraft[]> {
  const { rows } = await db.query<OrderRow>(DUE_ORDERS_SQL, [day, orderId]);
  return rows.flatMap((order) => {
    const byStart = new Map<IsoDay, Billed[]>();
    const first: Billed[] = [];
    if (order.billed_from === null && !order.once_billed) {
      for (const line of order.once_lines) {
        first.push({
          line: {
            orderPosition: line.position,
            contractNumber: null,
            name: line.name,
            unit: line.unit === 'hour' ? 'hour' : 'once',
            period: null,
            quantity: line.quantity,
            unitCents: line.unitCents,
            lineCents: line.lineCents,
            vatPercent: line.vatPercent,
          },
          key: { orderPosition: line.position, contractId: null, periodStart: null },
        });
      }
    }
    for (const contract of order.contracts) {
      const billed = new Set(contract.billed);
      // quantity × unit price must be the line exactly; a period price not divisible by the quantity is billed as one unit.
      const [quantity, unitCents] = contract.periodCents % contract.quantity === 0 ? [contract.quantity, contract.periodCents / contract.quantity] : [1, contract.periodCents];
      for (const period of duePeriods(contract, -1, day, order.billed_from)) {
        if (billed.has(period.start)) continue;
        const entry: Billed = {
          line: {
            orderPosition: contract.position,
            contractNumber: contract.number,
            // The documents add the contract number and the period to the name (documents/texts.ts).
            name: contract.name,
            unit: 'period',
            period: { start: period.start, end: period.end },
            quantity,
            unitCents,
            lineCents: contract.periodCents,
            vatPercent: contract.vatPercent,
          },
          key: { orderPosition: contract.position, contractId: contract.id, periodStart: period.start },
        };
        // The first period belongs to the first invoice, even when the services begin later (decision 0034).
        if (period.index === 0 && order.billed_from === null) first.push(entry);
        else byStart.set(period.start, [...(byStart.get(period.start) ?? []), entry]);
      }
    }
    const groups = [first, ...[...byStart.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, entries]) => entries)];
    return groups.filter((group) => group.length > 0).map((group) => draftOf(order, buyerOf(order), day, group, (gross, dueOn) => paymentOf(order, gross, dueOn)));
  });
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
  lines: {
    position: number;
    orderPosition: number;
    contractId: number | null;
    contractNumber: string | null;
    periodStart: IsoDay | null;
    periodEnd: IsoDay | null;
    name: string;
    unit: 'once' | 'hour' | 'period';
    quantity: number;
    unitCents: number;
    lineCents: number;
    vatPercent: number;
    endsOn: IsoDay | null;
  }[];
}

/**
 * Invoiced lines a refund is owed for, not yet credited: a contract's period that reaches past
 * the day its contract ended, and the one-off lines of an order withdrawn (by an attributed
 * withdrawal, decision 0054) before its services began (§ 357 Abs. 1 BGB; once begun, what was
 * served is owed and an agent settles it).
 */
const DUE_REFUNDS_SQL = `
SELECT i.id AS invoice_id, i.invoice_number, to_char(i.issued_on, 'YYYY-MM-DD') AS issued_on, i.buyer, i.payment_method, i.mandate_reference, o.iban,
       json_build_object('id', o.id, 'order_number', o.order_number, 'customer_type', i.customer_type, 'price_basis', i.price_basis,
                         'invoice_format', i.format, 'services_start_on', o.services_start_on) AS "order",
       json_agg(json_build_object('position', l.position, 'orderPosition', l.order_position, 'contractId', l.contract_id,
                 'contractNumber', c.contract_number, 'periodStart', l.period_start, 'periodEnd', l.period_end, 'name', l.name,
                 'unit', l.unit, 'quantity', l.quantity, 'unitCents', l.unit_cents, 'lineCents', l.line_cents,
                 'vatPercent', l.vat_percent, 'endsOn', c.ends_on) ORDER BY l.position) AS lines
FROM invoice_lines l
JOIN invoices i ON i.id = l.invoice_id
JOIN orders o ON o.id = l.order_id
LEFT JOIN contracts c ON c.id = l.contract_id
WHERE NOT l.credit AND i.issued_on <= $1::date AND ($2::bigint IS NULL OR l.order_id = $2::bigint)
  AND NOT EXISTS (SELECT 1 FROM invoice_lines r WHERE r.credit AND r.order_id = l.order_id AND r.order_position = l.order_position
                  AND r.period_start IS NOT DISTINCT FROM l.period_start)
  AND ((c.ends_on IS NOT NULL AND c.ends_on < l.period_end AND c.ends_on <= $1::date)
       OR (l.contract_id IS NULL AND EXISTS (SELECT 1 FROM withdrawal_orders wo JOIN withdrawals w ON w.id = wo.withdrawal_id
                                             WHERE wo.order_id = o.id AND w.attributed_at IS NOT NULL
                                             AND (w.received_at AT TIME ZONE 'Europe/Berlin')::date < o.services_start_on)))
GROUP BY i.id, o.id
ORDER BY i.id`;

/** The cancellation invoices due on `day`: one per invoice with lines to refund, with the refunded amounts. */
export async function dueRefunds(db: Queryable, day: IsoDay, orderId: number | null = null): Promise<InvoiceDraft[]> {
  const { rows } = await db.query<RefundRow>(DUE_REFUNDS_SQL, [day, orderId]);
  return rows.flatMap((row) => {
    const billed: Billed[] = [];
    for (const line of row.lines) {
      const key = { orderPosition: line.orderPosition, contractId: line.contractId, periodStart: line.periodStart };
      const period = line.periodStart && line.periodEnd ? { start: line.periodStart, end: line.periodEnd } : null;
      const refund = period && line.endsOn ? refundOf(period, line.lineCents, line.endsOn) : null;
      if (period && !refund) continue;
      const whole = !refund || refund.whole;
      billed.push({
        key,
        line: {
          orderPosition: line.orderPosition,
          contractNumber: line.contractNumber,
          name: whole ? line.name : `${line.name}: anteilige Erstattung`,
          unit: line.unit,
          period: refund ? { start: refund.start, end: refund.end } : null,
          quantity: whole ? line.quantity : 1,
          unitCents: whole ? line.unitCents : refund.cents,
          lineCents: whole ? line.lineCents : refund.cents,
          vatPercent: line.vatPercent,
        },
      });
    }
    if (billed.length === 0) return [];
    // A refund goes back the way the invoice was paid: to the debited account, or by transfer.
    const payment = (_gross: number, dueOn: IsoDay): InvoicePayment =>
      row.payment_method === 'sepa' && row.iban && row.mandate_reference
        ? { method: 'sepa', mandateReference: row.mandate_reference, iban: row.iban, debitOn: dueOn }
        : { method: row.payment_method === 'paypal' ? 'paypal' : 'transfer' };
    const draft = draftOf(row.order, row.buyer, day, billed, payment);
    return [{ ...draft, cancelsId: row.invoice_id, invoice: { ...draft.invoice, kind: 'cancellation', cancels: { number: row.invoice_number, issuedOn: row.issued_on } } }];
  });
}
