import type { IsoDay } from '../contracts/ends.ts';
import type { CustomerType, InvoiceFormat } from '../schemas/order.ts';
import type { InvoiceKind } from './kinds.ts';

/**
 * The invoices of the customer area (issue 24, docs/decisions/0052-invoices.md): every invoice
 * and cancellation invoice of the account's orders, with where it stands and its stored files.
 * Part of GET /api/account/overview; shared by the server and the islands.
 */

/**
 * Where an invoice stands: paid once a payment is recorded, cancelled once cancellation invoices
 * refund its whole amount (whether it was paid before or not: the cancellation settles it).
 */
export type InvoiceStatus = 'open' | 'paid' | 'cancelled';

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
  /** Null for a cancellation invoice: it is no claim to pay. */
  status: InvoiceStatus | null;
  /** The files there are to download, 'pdf' first. */
  documents: InvoiceDocumentKind[];
}

export const INVOICE_STATUS_LABEL: Readonly<Record<InvoiceStatus, string>> = {
  open: 'offen',
  paid: 'bezahlt',
  cancelled: 'storniert',
};

/**
 * The status of an invoice from its recorded payment and the gross its cancellation invoices
 * refund (null: it has none – so an invoice of 0,00 € is not taken for a cancelled one).
 */
export function invoiceStatus(invoice: { kind: InvoiceKind; grossCents: number; paid: boolean; refundedCents: number | null }): InvoiceStatus | null {
  if (invoice.kind === 'cancellation') return null;
  if (invoice.refundedCents !== null && invoice.refundedCents >= invoice.grossCents) return 'cancelled';
  return invoice.paid ? 'paid' : 'open';
}
