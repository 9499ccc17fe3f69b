import type { IsoDay } from '../../lib/contracts/ends.ts';
import type { CustomerType, InvoiceFormat } from '../../lib/schemas/order.ts';
import type { InvoiceKind } from './kinds.ts';
import type { InvoiceState } from './state.ts';

/**
 * The invoices of the customer area (issue 24, docs/decisions/0052-invoices.md): every invoice
 * and cancellation invoice of the account's orders, with where it stands and its stored files.
 * Part of GET /api/account/overview; shared by the server and the islands.
 */

/** The stored files: the PDF of every invoice, the XML of an XRechnung. */
export type InvoiceDocumentKind = 'pdf' | 'xml';

export const INVOICE_DOCUMENT_KINDS: readonly InvoiceDocumentKind[] = ['pdf', 'xml'];

export interface AccountInvoice {
  /** 'RE-000042' */
  number: string;
  kind: InvoiceKind;
  /** The number of the invoice a cancellation invoice corrects; null for an invoice. */
  cancels: string | null;
  /** 'KW-7K4M-9QX3-T5DW' (orders before issue 33: 'KW-000042') */
  orderNumber: string;
  issuedOn: IsoDay;
  /** For a cancellation invoice: the day the refund is made at the latest. */
  dueOn: IsoDay;
  /** The whole service period the invoice covers (first and last day). */
  servicePeriod: { start: IsoDay; end: IsoDay };
  /** Consumers see the gross amount, businesses net and gross (their invoices are net). */
  customerType: CustomerType;
  format: InvoiceFormat;
  /** Positive cents; a cancellation invoice's are what it refunds. */
  netCents: number;
  vatCents: number;
  grossCents: number;
  /** Where it stands for today in Germany (state.ts), the same as the agents and the inbox see. */
  state: InvoiceState;
  /** The money still to move in the direction the state says: still to pay, being debited, or to be refunded. */
  openCents: number;
  /** The files there are to download, 'pdf' first. */
  documents: InvoiceDocumentKind[];
}
