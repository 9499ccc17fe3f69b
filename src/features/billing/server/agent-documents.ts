import type { Queryable } from '../../../server/db/index.ts';
import type { InvoiceFile } from '../invoice.ts';

/**
 * The files of an issued invoice as they were sent (invoice_documents, migration 0025): the PDF
 * always, the XML of an XRechnung. Agents fetch them for any invoice.
 */

export async function invoiceDocument(db: Queryable, invoiceNumber: string, kind: InvoiceFile['kind']): Promise<InvoiceFile | undefined> {
  const { rows } = await db.query<{ file_name: string; content_type: InvoiceFile['contentType']; content: Uint8Array }>(
    `SELECT d.file_name, d.content_type, d.content FROM invoice_documents d JOIN invoices i ON i.id = d.invoice_id
     WHERE i.invoice_number = $1 AND d.kind = $2`,
    [invoiceNumber, kind],
  );
  const row = rows[0];
  // node-postgres and Neon answer a Buffer, PGlite a Uint8Array view: one plain copy for every driver.
  return row ? { kind, fileName: row.file_name, contentType: row.content_type, content: new Uint8Array(row.content) } : undefined;
}
