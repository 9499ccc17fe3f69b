import type { IsoDay } from '../../lib/contracts/ends.ts';
import { netToGross } from '../../lib/money.ts';
import type { PricedLine } from '../../lib/order.ts';
import type { PriceBasis, Schedule } from '../../lib/prices/amounts.ts';
import type { CustomerType, InvoiceFormat, PaymentMethod } from '../../lib/schemas/order.ts';
import type { TaxCase } from '../../lib/tax-case.ts';
import type { StoredOrder } from './order-texts.ts';

/**
 * An order we review is confirmed later, by an agent (decision 0053), and its contract
 * confirmation must then state the order exactly as the customer placed it – the prices, terms
 * and features of that day, never those the price source has by then. The order keeps its lines
 * as priced (`orders.ordered_lines`); everything else the documents need is a column of the order.
 */

/** A priced line as JSON: JSON has no Infinity, so an unlimited quantity is kept as null. */
type OrderedLineJson = Omit<PricedLine, 'entry' | 'unitGrossCents' | 'paymentGrossCents'> &
  Partial<Pick<PricedLine, 'unitGrossCents' | 'paymentGrossCents'>> & { entry: Omit<NonNullable<PricedLine['entry']>, 'maxQuantity'> & { maxQuantity: number | null } };

/** The lines of an order as `orders.ordered_lines` keeps them. */
export function orderedLinesJson(lines: readonly PricedLine[]): string {
  const json = lines.map((line): OrderedLineJson => {
    // placeOrder refused unknown ids before: every stored line has its entry.
    const entry = line.entry!;
    return { ...line, entry: { ...entry, maxQuantity: Number.isFinite(entry.maxQuantity) ? entry.maxQuantity : null } };
  });
  return JSON.stringify(json);
}

/** The columns of `orders` an order's documents are made from. */
export const STORED_ORDER_COLUMNS = `o.order_number, o.created_at, o.customer_type, o.company, o.vat_id, o.tax_case, o.invoice_format, o.leitweg_id, o.name, o.street,
  o.postal_code, o.city, o.country, o.email, o.payment_method, o.iban, o.sepa_mandate_at, o.early_start_requested_at, o.withdrawal_waiver_at,
  o.price_basis, o.schedule, o.agb_version, o.accepted_at, to_char(o.services_start_on, 'YYYY-MM-DD') AS services_start_on,
  to_char(o.acceptance_deadline, 'YYYY-MM-DD') AS acceptance_deadline, o.ordered_lines`;

/** The buyer and payment columns of an orders row, as the order's mails and its invoices read them. */
export interface OrderBuyerRow {
  company: string | null;
  vat_id: string | null;
  leitweg_id: string | null;
  name: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  email: string;
  payment_method: PaymentMethod;
  iban: string | null;
}

export interface StoredOrderRow extends OrderBuyerRow {
  order_number: string;
  created_at: Date | string;
  customer_type: CustomerType;
  tax_case: TaxCase;
  invoice_format: InvoiceFormat;
  sepa_mandate_at: Date | string | null;
  early_start_requested_at: Date | string | null;
  withdrawal_waiver_at: Date | string | null;
  price_basis: PriceBasis;
  schedule: Schedule;
  agb_version: string;
  accepted_at: Date | string | null;
  services_start_on: IsoDay | null;
  acceptance_deadline: IsoDay | null;
  ordered_lines: OrderedLineJson[];
}

/** The order as it was placed, read back from its row (for the documents of its acceptance). */
export function storedOrderOf(row: StoredOrderRow): StoredOrder {
  const address = { name: row.name, street: row.street, postalCode: row.postal_code, city: row.city, country: row.country, email: row.email };
  const customer =
    row.customer_type === 'business'
      ? {
          type: 'business' as const,
          company: row.company ?? '',
          vatId: row.vat_id ?? '',
          invoiceFormat: row.invoice_format === 'pdf' ? 'factur-x' : row.invoice_format,
          leitwegId: row.leitweg_id ?? '',
          ...address,
        }
      : { type: 'consumer' as const, ...address };
  const lines = row.ordered_lines.map(
    (line): PricedLine => ({
      ...line,
      // Lines stored before the gross was kept beside the net (decision 0059) read as they were shown: the net with its VAT added.
      unitGrossCents: line.unitGrossCents ?? line.entry.grossCents,
      paymentGrossCents: line.paymentGrossCents ?? (row.price_basis === 'gross' ? line.paymentCents : netToGross(line.paymentCents, line.vatPercent)),
      entry: { ...line.entry, maxQuantity: line.entry.maxQuantity ?? Number.POSITIVE_INFINITY },
    }),
  );
  return {
    orderNumber: row.order_number,
    createdAt: new Date(row.created_at),
    request: {
      items: lines.map(({ id, quantity }) => ({ id, quantity })),
      customer,
      paymentMethod: row.payment_method,
      iban: row.iban ?? '',
      sepaMandate: row.sepa_mandate_at !== null,
      consents: {
        agb: true,
        agbVersion: row.agb_version,
        earlyStart: row.early_start_requested_at !== null,
        waiverAcknowledged: row.withdrawal_waiver_at !== null,
      },
    },
    cart: { basis: row.price_basis, taxCase: row.tax_case, lines, schedule: row.schedule, problems: {} },
    agbVersion: row.agb_version,
    acceptedAt: row.accepted_at === null ? null : new Date(row.accepted_at),
    servicesStartOn: row.services_start_on,
    acceptanceDeadline: row.acceptance_deadline,
  };
}
