import { INVOICE_NUMBER } from '../terms.ts';
import type { InvoiceDocumentKind } from '../overview.ts';
import type { Queryable } from '../../../server/db/index.ts';

/**
 * The stored files of an invoice (invoice_documents, migration 0025) for the account whose order
 * it bills: downloaded from the customer area exactly as issued, never made anew.
 */

export const invoiceDocumentMessages = {
  // The same words whether the invoice does not exist, is someone else's or has no such file.
  notFound: 'Zu dieser Rechnungsnummer gibt es in Ihrem Kundenkonto kein Dokument. Bitte melden Sie sich mit dem Kundenkonto an, mit dem Sie bestellt haben.',
} as const;

export interface StoredInvoiceDocument {
  fileName: string;
  contentType: string;
  content: Uint8Array<ArrayBuffer>;
}


/**
 * A file of an invoice of the given account's orders, or undefined – whether the invoice does
 * not exist, bills someone else's order or has no such file (the XML of a PDF invoice) is not
 * told apart, so nobody learns which invoice numbers exist.
 */
export async function accountInvoiceDocument(
  db: Queryable,
  query: { invoiceNumber: string; userId: string; kind: InvoiceDocumentKind },
): Promise<StoredInvoiceDocument | undefined> {
  if (!INVOICE_NUMBER.test(query.invoiceNumber)) return undefined;
  const { rows } = await db.query<{ file_name: string; content_type: string; content: Uint8Array }>(
    `SELECT d.file_name, d.content_type, d.content
     FROM invoice_documents d JOIN invoices i ON i.id = d.invoice_id JOIN orders o ON o.id = i.order_id
     WHERE i.invoice_number = $1 AND o.user_id = $2 AND d.kind = $3`,
    [query.invoiceNumber, query.userId, query.kind],
  );
  const row = rows[0];
  // node-postgres and Neon answer a Buffer, PGlite a Uint8Array view: one plain copy for every driver.
  return row ? { fileName: row.file_name, contentType: row.content_type, content: new Uint8Array(row.content) } : undefined;
}
