import { addDays, type IsoDay } from '../../lib/contracts/ends.ts';
import { grossToNet } from '../../lib/money.ts';
import { amountOf, type PriceBasis } from '../../lib/prices/amounts.ts';
import type { CustomerType, InvoiceFormat, PaymentMethod } from '../../lib/schemas/order.ts';
import type { TaxCase } from '../../lib/tax-case.ts';
import { duePeriods, refundOf, type BilledContract } from './billing.ts';
import type { Invoice, InvoiceBuyer, InvoiceLine, InvoicePayment } from './invoice.ts';
import { PAYMENT_DAYS, SEPA_MINIMUM_CENTS } from './terms.ts';

/**
 * Drafting invoices and cancellation invoices (issue 34, decisions 0052 and 0059): from the facts
 * of an order or an invoice and the day, what is to be issued. Pure: the billing run reads the
 * facts (server/due.ts) and issues the drafts (server/issue.ts); tests/property/drafting.test.ts
 * checks the rules over generated orders.
 */

/** An invoice before its number: what issue.ts stores, numbers and mails. */
export interface InvoiceDraft {
  orderId: number;
  cancelsId: number | null;
  invoice: Omit<Invoice, 'number'>;
  /** Per line: the order line and contract it bills (in the order of invoice.lines). */
  keys: { orderPosition: number; contractId: number | null; periodStart: IsoDay | null }[];
}

/** What an invoice takes from its order besides the buyer and the payment. */
export interface InvoicedOrder {
  id: number;
  orderNumber: string;
  customerType: CustomerType;
  priceBasis: PriceBasis;
  taxCase: TaxCase;
  format: InvoiceFormat;
  servicesStartOn: IsoDay;
}

/** A one-off line of an order (an item, hours), billed with the first invoice. */
export interface OnceLine {
  /** Its position in the order. */
  position: number;
  name: string;
  /** The order line's unit: 'hour' for hours, anything else is billed once. */
  unit: string;
  quantity: number;
  /** The line in the order's price basis. */
  lineCents: number;
  lineGrossCents: number;
  vatPercent: number;
}

/** A contract of an order, with the periods already invoiced. */
export interface ContractToBill extends BilledContract {
  id: number;
  /** The order line it came from. */
  position: number;
  /** 'V-000042'. */
  number: string;
  name: string;
  quantity: number;
  /** One billing period in the order's price basis. */
  periodCents: number;
  periodGrossCents: number;
  vatPercent: number;
  /** The first days of the periods invoiced so far (credited or not). */
  billed: IsoDay[];
}

/** An order as the billing run sees it on a day. */
export interface OrderToBill {
  order: InvoicedOrder;
  buyer: InvoiceBuyer;
  paymentMethod: PaymentMethod;
  iban: string | null;
  mandateReference: string | null;
  /** Invoiced by hand before invoicing went live: periods before this day are not invoiced again (migration 0025). */
  billedFrom: IsoDay | null;
  /** An invoice already bills the one-off lines. */
  onceBilled: boolean;
  onceLines: OnceLine[];
  contracts: ContractToBill[];
}

/** A line of an issued invoice that a refund may be owed for. */
export interface InvoicedLine {
  orderPosition: number;
  /** The contract whose period the line bills; null (with number and period) for a one-off line. */
  contractId: number | null;
  contractNumber: string | null;
  period: { start: IsoDay; end: IsoDay } | null;
  /** The last day of the line's contract, once it ended. */
  contractEndsOn: IsoDay | null;
  name: string;
  unit: InvoiceLine['unit'];
  quantity: number;
  unitCents: number;
  lineCents: number;
  lineGrossCents: number;
  vatPercent: number;
}

/** An issued invoice with the lines a refund is owed for (which ones: server/due.ts decides). */
export interface InvoiceToCredit {
  invoiceId: number;
  number: string;
  issuedOn: IsoDay;
  order: InvoicedOrder;
  buyer: InvoiceBuyer;
  /** How the invoice was paid. */
  paymentMethod: 'transfer' | 'sepa' | 'paypal';
  iban: string | null;
  mandateReference: string | null;
  /** In the invoice's order. */
  lines: InvoicedLine[];
}

/** Direct debit from the minimum on, due with the invoice; below it, and for 'invoice', by transfer. */
function paymentOf(order: Pick<OrderToBill, 'paymentMethod' | 'iban' | 'mandateReference'>, grossCents: number, dueOn: IsoDay): InvoicePayment {
  if (order.paymentMethod === 'paypal') return { method: 'paypal' };
  if (order.paymentMethod === 'sepa' && grossCents >= SEPA_MINIMUM_CENTS && order.iban && order.mandateReference) {
    return { method: 'sepa', mandateReference: order.mandateReference, iban: order.iban, debitOn: dueOn };
  }
  return { method: 'transfer' };
}

/**
 * Quantity and unit price of an invoice line: quantity × unit price must be the line exactly. A
 * business line is the net part of its gross (decision 0059), which need not divide by the
 * quantity (3 × 20,00 € = 60,00 € → 50,42 € net, not 3 × 16,81 €): it is billed as one unit.
 */
function invoicedUnits(lineCents: number, quantity: number): [quantity: number, unitCents: number] {
  return lineCents % quantity === 0 ? [quantity, lineCents / quantity] : [1, lineCents];
}

type Billed = { line: Omit<InvoiceLine, 'position'>; key: InvoiceDraft['keys'][number] };

function draftOf(order: InvoicedOrder, buyer: InvoiceBuyer, day: IsoDay, unordered: Billed[], payment: (grossCents: number, dueOn: IsoDay) => InvoicePayment): InvoiceDraft {
  // In the order's own order, so the invoice reads like the order it bills.
  const billed = [...unordered].sort((a, b) => a.key.orderPosition - b.key.orderPosition);
  const lines = billed.map(({ line }, index) => ({ ...line, position: index + 1 }));
  const totals = amountOf(
    lines.map((line) => ({
      netCents: order.priceBasis === 'net' ? line.lineCents : grossToNet(line.lineGrossCents, line.vatPercent),
      grossCents: line.lineGrossCents,
      vatPercent: line.vatPercent,
    })),
    order.priceBasis,
  );
  const starts = lines.map((line) => line.period?.start ?? order.servicesStartOn).sort();
  const ends = lines.map((line) => line.period?.end ?? order.servicesStartOn).sort();
  const dueOn = addDays(day, PAYMENT_DAYS);
  return {
    orderId: order.id,
    cancelsId: null,
    keys: billed.map(({ key }) => key),
    invoice: {
      kind: 'invoice',
      cancels: null,
      orderNumber: order.orderNumber,
      issuedOn: day,
      dueOn,
      servicePeriod: { start: starts[0]!, end: ends.at(-1)! },
      customerType: order.customerType,
      priceBasis: order.priceBasis,
      taxCase: order.taxCase,
      format: order.format,
      buyer,
      payment: payment(totals.grossCents, dueOn),
      lines,
      totals,
    },
  };
}

/**
 * The invoices due for an order on `day`: the first invoice (one-off lines and every contract's
 * first period, AGB § 4: due with the contract) and one invoice per later period start, none for
 * a period already billed.
 */
export function invoicesDue(bill: OrderToBill, day: IsoDay): InvoiceDraft[] {
  const { order } = bill;
  const byStart = new Map<IsoDay, Billed[]>();
  const first: Billed[] = [];
  if (bill.billedFrom === null && !bill.onceBilled) {
    for (const line of bill.onceLines) {
      const [quantity, unitCents] = invoicedUnits(line.lineCents, line.quantity);
      first.push({
        line: {
          orderPosition: line.position,
          contractNumber: null,
          name: line.name,
          unit: line.unit === 'hour' ? 'hour' : 'once',
          period: null,
          quantity,
          unitCents,
          lineCents: line.lineCents,
          lineGrossCents: line.lineGrossCents,
          vatPercent: line.vatPercent,
        },
        key: { orderPosition: line.position, contractId: null, periodStart: null },
      });
    }
  }
  for (const contract of bill.contracts) {
    const billed = new Set(contract.billed);
    const [quantity, unitCents] = invoicedUnits(contract.periodCents, contract.quantity);
    for (const period of duePeriods(contract, -1, day, bill.billedFrom)) {
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
          lineGrossCents: contract.periodGrossCents,
          vatPercent: contract.vatPercent,
        },
        key: { orderPosition: contract.position, contractId: contract.id, periodStart: period.start },
      };
      // The first period belongs to the first invoice, even when the services begin later (decision 0034).
      if (period.index === 0 && bill.billedFrom === null) first.push(entry);
      else byStart.set(period.start, [...(byStart.get(period.start) ?? []), entry]);
    }
  }
  const groups = [first, ...[...byStart.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, entries]) => entries)];
  return groups.filter((group) => group.length > 0).map((group) => draftOf(order, bill.buyer, day, group, (gross, dueOn) => paymentOf(bill, gross, dueOn)));
}

/**
 * The cancellation invoice due on `day` for an invoice, with the refunded amounts: the whole of a
 * one-off line, and of a contract's period the part after the day its contract ended (pro rata
 * of the gross, the figure every customer type pays; a business line lists its net part). Null
 * when nothing is to be refunded.
 */
export function creditDue(invoice: InvoiceToCredit, day: IsoDay): InvoiceDraft | null {
  const billed: Billed[] = [];
  for (const line of invoice.lines) {
    const { period } = line;
    const key = { orderPosition: line.orderPosition, contractId: line.contractId, periodStart: period?.start ?? null };
    const refund = period && line.contractEndsOn ? refundOf(period, line.lineGrossCents, line.contractEndsOn) : null;
    if (period && !refund) continue;
    const whole = !refund || refund.whole;
    const refundCents = refund && invoice.order.priceBasis === 'net' ? grossToNet(refund.cents, line.vatPercent) : refund?.cents;
    billed.push({
      key,
      line: {
        orderPosition: line.orderPosition,
        contractNumber: line.contractNumber,
        name: whole ? line.name : `${line.name}: anteilige Erstattung`,
        unit: line.unit,
        period: refund ? { start: refund.start, end: refund.end } : null,
        quantity: whole ? line.quantity : 1,
        unitCents: whole ? line.unitCents : refundCents!,
        lineCents: whole ? line.lineCents : refundCents!,
        lineGrossCents: whole ? line.lineGrossCents : refund.cents,
        vatPercent: line.vatPercent,
      },
    });
  }
  if (billed.length === 0) return null;
  // A refund goes back the way the invoice was paid: to the debited account, or by transfer.
  const payment = (_gross: number, dueOn: IsoDay): InvoicePayment =>
    invoice.paymentMethod === 'sepa' && invoice.iban && invoice.mandateReference
      ? { method: 'sepa', mandateReference: invoice.mandateReference, iban: invoice.iban, debitOn: dueOn }
      : { method: invoice.paymentMethod === 'paypal' ? 'paypal' : 'transfer' };
  const draft = draftOf(invoice.order, invoice.buyer, day, billed, payment);
  return { ...draft, cancelsId: invoice.invoiceId, invoice: { ...draft.invoice, kind: 'cancellation', cancels: { number: invoice.number, issuedOn: invoice.issuedOn } } };
}
