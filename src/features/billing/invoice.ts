import type { IsoDay } from '../../lib/contracts/ends.ts';
import type { Amount, PriceBasis } from '../../lib/prices/amounts.ts';
import type { CustomerType, InvoiceFormat } from '../../lib/schemas/order.ts';
import type { TaxCase } from '../../lib/tax-case.ts';
import type { InvoiceKind } from './kinds.ts';
import type { CreditSettlement } from './state.ts';

/**
 * An invoice as issued (issue 24, docs/decisions/0052-invoices.md): everything § 14 Abs. 4 UStG
 * asks for and every document, mail and list is made from. The seller is src/config/site.ts.
 */

export interface InvoiceBuyer {
  /** The person ordering (for a business: the contact). */
  name: string;
  /** The business's name; null for a consumer. */
  company: string | null;
  street: string;
  postalCode: string;
  city: string;
  /** As typed at the checkout ('Deutschland'). */
  country: string;
  email: string;
  vatId: string | null;
  /** A public customer's Leitweg-ID (BT-10); null when none was given. */
  leitwegId: string | null;
  /** The account's customer number, when the order belongs to one. */
  customerNumber: string | null;
}

export type InvoicePayment =
  | { method: 'transfer' }
  | { method: 'paypal' }
  | {
      method: 'sepa';
      mandateReference: string;
      /** The customer's IBAN as given with the mandate. */
      iban: string;
      /** The day the amount is debited (the pre-notification names it). */
      debitOn: IsoDay;
    };

export interface InvoiceLine {
  position: number;
  /** The order line it bills (position in the order). */
  orderPosition: number;
  /** 'V-000042' for a contract's billing period, null for a one-off line. */
  contractNumber: string | null;
  name: string;
  /** 'once' and 'hour' for one-off lines, 'period' for a contract's billing period. */
  unit: 'once' | 'hour' | 'period';
  /** The billing period of a contract line (first and last day); null for one-off lines. */
  period: { start: IsoDay; end: IsoDay } | null;
  quantity: number;
  /** One unit in the invoice's price basis; quantity × unitCents = lineCents. */
  unitCents: number;
  /** The line in the invoice's price basis (gross for consumers, net for businesses); positive, also on a cancellation invoice. */
  lineCents: number;
  /** The line's gross, the same figure for every customer type (decision 0059): lineCents itself for consumers. */
  lineGrossCents: number;
  vatPercent: number;
}

export interface Invoice {
  /** 'RE-000042', consecutive without gaps over invoices and cancellation invoices. */
  number: string;
  kind: InvoiceKind;
  /**
   * The invoice a cancellation invoice corrects, and what the cancellation means for its money at
   * issue (issue 34: set by issuing from the ledger's facts; the payment text follows it).
   */
  cancels: { number: string; issuedOn: IsoDay; settlement?: CreditSettlement } | null;
  orderNumber: string;
  issuedOn: IsoDay;
  /** Issue day + 10 days (AGB § 4). For a cancellation invoice: the day the refund is made at the latest. */
  dueOn: IsoDay;
  /** The whole service period the invoice covers (Leistungszeitraum, § 14 Abs. 4 Nr. 6 UStG). */
  servicePeriod: { start: IsoDay; end: IsoDay };
  customerType: CustomerType;
  /** 'gross' for consumers, 'net' for businesses: the basis of every line's cents. */
  priceBasis: PriceBasis;
  /** The order's tax case (src/lib/tax.ts): the VAT category of every line and the note the invoice carries. */
  taxCase: TaxCase;
  format: InvoiceFormat;
  buyer: InvoiceBuyer;
  payment: InvoicePayment;
  lines: InvoiceLine[];
  /** Net, VAT per rate and gross of the lines (src/lib/prices/amounts.ts amountOf, BR-CO-17). */
  totals: Amount;
}

/** A stored file of an invoice: the PDF always, the XML of an XRechnung. */
export interface InvoiceFile {
  kind: 'pdf' | 'xml';
  fileName: string;
  contentType: 'application/pdf' | 'application/xml';
  content: Uint8Array;
}
