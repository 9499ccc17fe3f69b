/**
 * The payment terms of every invoice, each in one place (issue 34; AGB § 8, SPEC §9): the run that
 * drafts invoices, the checkout that offers a direct debit, the invoice state and every text that
 * names them read these.
 */

/** Invoices are due 10 days after receipt (AGB § 8 Abs. 2); the mail goes out on the day of issue. */
export const PAYMENT_DAYS = 10;

/** SPEC §9, AGB § 8 Abs. 1: direct debit only from an invoice amount of 10,00 EUR; smaller invoices are paid by transfer. */
export const SEPA_MINIMUM_CENTS = 1000;

/** The SEPA pre-notification comes at least five calendar days before the debit (AGB § 8 Abs. 1). */
export const SEPA_PRE_NOTICE_DAYS = 5;

/** What an invoice number looks like ('RE-000042'): anything else names no invoice. */
export const INVOICE_NUMBER = /^RE-\d{6,}$/;

/** The n-th invoice's number: one series for invoices and cancellation invoices, without gaps (decision 0052). */
export function invoiceNumber(counter: number): string {
  return `RE-${String(counter).padStart(6, '0')}`;
}
