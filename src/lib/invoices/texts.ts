import { germanDate } from '../forms/dates.ts';
import { formatEuro } from '../money.ts';
import type { InvoiceFormat } from '../schemas/order.ts';
import { INVOICE_STATUS_LABEL, type AccountInvoice, type InvoiceDocumentKind } from './overview.ts';
import { INVOICE_KIND_LABEL } from './kinds.ts';

/** How the customer area words an invoice (issue 24); each invoice's own amounts, never a sum over several. */

/** 'Rechnung' or 'Stornorechnung zu RE-000041'. */
export function invoiceKindText(invoice: Pick<AccountInvoice, 'kind' | 'cancels'>): string {
  return invoice.cancels ? `${INVOICE_KIND_LABEL[invoice.kind]} zu ${invoice.cancels}` : INVOICE_KIND_LABEL[invoice.kind];
}

/** '01.12.2026 – 31.05.2027', or the one day of a one-off service: on the invoice, in its mail and in the customer area. */
export function periodText({ start, end }: { start: string; end: string }): string {
  return start === end ? germanDate(start) : `${germanDate(start)} – ${germanDate(end)}`;
}

export function servicePeriodText({ servicePeriod }: Pick<AccountInvoice, 'servicePeriod'>): string {
  return periodText(servicePeriod);
}

/**
 * The amount as the invoice states it: a consumer's gross; a business's net, on which its invoice
 * is made, and the gross it pays. A cancellation invoice's amounts are what it refunds: negative.
 */
export function invoiceAmountLines(invoice: Pick<AccountInvoice, 'kind' | 'customerType' | 'netCents' | 'grossCents'>): string[] {
  const sign = invoice.kind === 'cancellation' ? -1 : 1;
  const gross = formatEuro(sign * invoice.grossCents);
  return invoice.customerType === 'business' ? [`${formatEuro(sign * invoice.netCents)} netto`, `${gross} brutto`] : [gross];
}

/** 'offen', 'bezahlt', 'storniert'; a cancellation invoice is no claim to pay. */
export function invoiceStatusText(invoice: Pick<AccountInvoice, 'status'>): string {
  return invoice.status ? INVOICE_STATUS_LABEL[invoice.status] : 'entfällt';
}

/** What a download link says: which file, and for an e-invoice which kind of it. */
export function invoiceDocumentLabel(kind: InvoiceDocumentKind, format: InvoiceFormat): string {
  if (kind === 'xml') return 'XRechnung (XML)';
  if (format === 'factur-x') return 'PDF mit E-Rechnung (ZUGFeRD)';
  // An XRechnung's PDF is a readable copy; the XML is the invoice.
  return format === 'pdf' ? 'PDF' : 'PDF (Lesefassung)';
}
