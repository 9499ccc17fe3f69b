import { germanDate } from '../../lib/forms/dates.ts';
import { formatEuro } from '../../lib/money.ts';
import type { InvoiceFormat } from '../../lib/schemas/order.ts';
import type { AccountInvoice, InvoiceDocumentKind } from './overview.ts';
import { INVOICE_STATE_LABEL } from './state.ts';
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

/**
 * The state in the words of state.ts, and the money still to move when it is not simply the
 * amount of the invoice: 'offen', 'offen: 2,98 €', 'Erstattung offen: 537,02 €'.
 */
export function invoiceStateText(invoice: Pick<AccountInvoice, 'state' | 'openCents' | 'grossCents'>): string {
  const label = INVOICE_STATE_LABEL[invoice.state];
  return invoice.openCents > 0 && invoice.openCents !== invoice.grossCents ? `${label}: ${formatEuro(invoice.openCents)}` : label;
}

/** What a download link says: which file, and for an e-invoice which kind of it. */
export function invoiceDocumentLabel(kind: InvoiceDocumentKind, format: InvoiceFormat): string {
  if (kind === 'xml') return 'XRechnung (XML)';
  if (format === 'factur-x') return 'PDF mit E-Rechnung (ZUGFeRD)';
  // An XRechnung's PDF is a readable copy; the XML is the invoice.
  return format === 'pdf' ? 'PDF' : 'PDF (Lesefassung)';
}
