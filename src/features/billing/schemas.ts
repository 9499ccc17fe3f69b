import * as v from 'valibot';
import { germanDate, isoFromGermanDate } from '../../lib/forms/dates.ts';
import { PageSchema } from '../../lib/schemas/inbox.ts';
import { INVOICE_KINDS } from './kinds.ts';
import { INVOICE_NUMBER } from './terms.ts';

/**
 * The agent dashboard's invoices (issue 24, GET /api/agent/invoices and the payment an agent
 * records), checked the same in browser and function.
 */

/** Invoices per page, like the other lists of the dashboard. */
export const INVOICES_PAGE_SIZE = 20;

/**
 * The status filter: 'open' is everything still to be paid (or refunded), 'overdue' the open ones
 * past their due day in Germany, 'paid' everything settled (paid, or cancelled by cancellation
 * invoices), 'all' everything.
 */
export const INVOICE_STATUS_FILTERS = ['all', 'open', 'overdue', 'paid'] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

export const invoiceStatusFilterLabels: Record<InvoiceStatusFilter, string> = {
  all: 'Alle',
  open: 'Offen',
  overdue: 'Überfällig',
  paid: 'Bezahlt oder storniert',
};

export const agentInvoiceMessages = {
  statusInvalid: 'Der Status muss „Alle“, „Offen“, „Überfällig“ oder „Bezahlt oder storniert“ sein.',
  kindInvalid: 'Die Art muss „Rechnung“ oder „Stornorechnung“ sein.',
  searchTooLong: 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.',
  documentKindInvalid: 'Bitte wählen Sie das Dokument „pdf“ oder „xml“.',
  receivedOnInvalid: 'Bitte geben Sie den Zahlungseingang als gültiges Datum an.',
  receivedOnInFuture: 'Der Zahlungseingang kann nicht in der Zukunft liegen.',
  receivedOnBeforeIssue: (issuedOn: string) => `Der Zahlungseingang kann nicht vor dem Rechnungsdatum (${germanDate(issuedOn)}) liegen.`,
  invoiceNotFound: 'Diese Rechnung gibt es nicht.',
  documentNotFound: 'Dieses Dokument gibt es zu dieser Rechnung nicht.',
  sepaExportNotFound: 'Diese SEPA-Datei gibt es nicht.',
} as const;

/** `:number` of an invoice's path; a number that cannot be one is not found (404 with `message`). */
const invoiceParams = (message: string) => v.object({ number: v.pipe(v.string(message), v.regex(INVOICE_NUMBER, message)) });

/** The invoice a payment or a reminder names. */
export const InvoiceParamsSchema = invoiceParams(agentInvoiceMessages.invoiceNotFound);
/** The invoice whose stored file is asked for: not found is said of the document, as for a missing file. */
export const InvoiceDocumentParamsSchema = invoiceParams(agentInvoiceMessages.documentNotFound);

/** `:id` of a SEPA file made earlier. */
export const SepaExportParamsSchema = v.object({
  id: v.pipe(
    v.string(agentInvoiceMessages.sepaExportNotFound),
    v.regex(/^[1-9]\d{0,14}$/, agentInvoiceMessages.sepaExportNotFound),
    v.transform(Number),
  ),
});

/** `?status=&kind=&q=&page=`: q (trimmed, '' for all) is part of an invoice, order or mandate number, a name, a company or an e-mail address. */
export const InvoiceQuerySchema = v.object({
  status: v.optional(v.picklist(INVOICE_STATUS_FILTERS, agentInvoiceMessages.statusInvalid), 'all'),
  kind: v.optional(v.union([v.literal(''), v.picklist(INVOICE_KINDS)], agentInvoiceMessages.kindInvalid), ''),
  q: v.optional(v.pipe(v.string(agentInvoiceMessages.searchTooLong), v.trim(), v.maxLength(100, agentInvoiceMessages.searchTooLong)), ''),
  page: PageSchema,
});
export type InvoiceQuery = v.InferOutput<typeof InvoiceQuerySchema>;

/** `?kind=` of GET /api/agent/invoices/:number/document: the PDF unless the XML is asked for. */
export const InvoiceDocumentQuerySchema = v.object({
  kind: v.optional(v.picklist(['pdf', 'xml'], agentInvoiceMessages.documentKindInvalid), 'pdf'),
});

/** An ISO day ('2026-12-31') that exists in the calendar. */
const ReceivedOnSchema = v.pipe(
  v.string(agentInvoiceMessages.receivedOnInvalid),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, agentInvoiceMessages.receivedOnInvalid),
  v.check((iso) => isoFromGermanDate(iso.split('-').reverse().join('.')) === iso, agentInvoiceMessages.receivedOnInvalid),
);

/**
 * POST /api/agent/invoices/:number/payment: the day the money arrived, not before the invoice was
 * issued (`issuedOn`) and at the latest today in Germany (`today`), both 'YYYY-MM-DD'. A typo such
 * as 1900 or 2062 would otherwise settle the invoice with a day no statement shows (decision 0060).
 * The dashboard checks with the browser's day, the server with its own and the stored invoice's.
 */
export function paymentSchema({ today, issuedOn }: { today: string; issuedOn: string }) {
  return v.object({
    // A missing day is refused with the same words as a wrong one ('' fails the pattern).
    receivedOn: v.optional(
      v.pipe(
        ReceivedOnSchema,
        v.check((iso) => iso <= today, agentInvoiceMessages.receivedOnInFuture),
        v.check((iso) => iso >= issuedOn, agentInvoiceMessages.receivedOnBeforeIssue(issuedOn)),
      ),
      '',
    ),
  });
}
export type PaymentInput = v.InferOutput<ReturnType<typeof paymentSchema>>;

/**
 * The payment's body as its route declares it: a day that exists. Whether it lies between the
 * invoice's day and today needs the stored invoice, so the function checks that with paymentSchema
 * once it has read the invoice, as the dashboard does before it sends.
 */
export const PaymentBodySchema = v.object({ receivedOn: v.optional(ReceivedOnSchema, '') });
