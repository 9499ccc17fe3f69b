/**
 * The words every invoice view shares (issue 24, decision 0052): the server's documents and
 * lists, the customer area and the agents' dashboard.
 */

/** An invoice, or a cancellation invoice (Stornorechnung) that corrects one. */
export const INVOICE_KINDS = ['invoice', 'cancellation'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_KIND_LABEL: Readonly<Record<InvoiceKind, string>> = {
  invoice: 'Rechnung',
  cancellation: 'Stornorechnung',
};

/** How an invoice is paid: an order's SEPA mandate below the 10,00 € minimum pays by transfer. */
export type InvoicePaymentMethod = 'transfer' | 'sepa' | 'paypal';
