import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { IsoDay } from '../../src/lib/contracts/ends.ts';
import { todayIso } from '../../src/lib/forms/dates.ts';
import type { Db, Queryable } from '../../src/server/db/index.ts';
import { issueDueInvoices } from '../../src/features/billing/server/issue.ts';

/**
 * Invoices for the tests of the customer's side (overview, download, export, account deletion):
 * an order's first invoice as the shop issues it (docs/decisions/0052), and a cancellation or a
 * payment written straight into the tables of migration 0025, with a small PDF naming the number
 * and, for an XRechnung, an XML.
 */

export interface FixtureInvoice {
  id: number;
  number: string;
  grossCents: number;
}

const nextNumber = async (tx: Queryable): Promise<string> => {
  const { rows } = await tx.query<{ last_number: string }>('UPDATE invoice_counter SET last_number = last_number + 1 RETURNING last_number');
  return `RE-${String(rows[0]!.last_number).padStart(6, '0')}`;
};

/** A one-page PDF that says which invoice it is (pdf-lib, not the project's PDF code). */
export async function invoicePdf(number: string): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`Rechnung ${number}`);
  const page = document.addPage([595, 842]);
  page.drawText(`Rechnung ${number}`, { x: 50, y: 780, size: 18, font: await document.embedFont(StandardFonts.Helvetica) });
  return document.save();
}

const addDays = (day: IsoDay, days: number): IsoDay => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function insertDocuments(tx: Queryable, invoiceId: number, number: string, format: string): Promise<void> {
  await tx.query(`INSERT INTO invoice_documents (invoice_id, kind, file_name, content_type, content) VALUES ($1, 'pdf', $2, 'application/pdf', $3)`, [
    invoiceId,
    `Rechnung-${number}.pdf`,
    await invoicePdf(number),
  ]);
  if (format.startsWith('xrechnung')) {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice><ID>${number}</ID></Invoice>\n`;
    await tx.query(`INSERT INTO invoice_documents (invoice_id, kind, file_name, content_type, content) VALUES ($1, 'xml', $2, 'application/xml', $3)`, [
      invoiceId,
      `XRechnung-${number}.xml`,
      new TextEncoder().encode(xml),
    ]);
  }
}

/** The order's first invoice, when one was issued. */
async function firstInvoice(db: Queryable, orderNumber: string): Promise<FixtureInvoice | undefined> {
  const { rows } = await db.query<{ id: string; invoice_number: string; gross_cents: number }>(
    `SELECT i.id, i.invoice_number, i.gross_cents FROM invoices i JOIN orders o ON o.id = i.order_id
     WHERE o.order_number = $1 AND i.kind = 'invoice' ORDER BY i.id LIMIT 1`,
    [orderNumber],
  );
  const row = rows[0];
  return row ? { id: Number(row.id), number: row.invoice_number, grossCents: row.gross_cents } : undefined;
}

/**
 * The order's first invoice: the one the shop issued after the order's answer, or else issued now
 * by the billing run for this order (src/features/billing/server/issue.ts) on `issuedOn` (default: today).
 */
export async function issueFixtureInvoice(db: Db, orderNumber: string, issuedOn: IsoDay = todayIso()): Promise<FixtureInvoice> {
  const issued = await firstInvoice(db, orderNumber);
  if (issued) return issued;
  const { rows } = await db.query<{ id: string }>('SELECT id FROM orders WHERE order_number = $1', [orderNumber]);
  await issueDueInvoices(db, { on: issuedOn, origin: 'http://127.0.0.1:4321', orderId: Number(rows[0]!.id) });
  return (await firstInvoice(db, orderNumber))!;
}

/** A cancellation invoice that refunds the whole invoice, with its lines as credits. */
export async function cancelFixtureInvoice(db: Db, invoice: FixtureInvoice, issuedOn: IsoDay = todayIso()): Promise<FixtureInvoice> {
  return db.transaction(async (tx) => {
    const number = await nextNumber(tx);
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO invoices (invoice_number, kind, cancels_id, order_id, issued_on, due_on, service_start, service_end, customer_type, price_basis,
                             buyer, payment_method, mandate_reference, debit_on, format, net_cents, vat_cents, gross_cents, by_rate)
       SELECT $1, 'cancellation', id, order_id, $3, $4, service_start, service_end, customer_type, price_basis,
              buyer, payment_method, mandate_reference, debit_on, format, net_cents, vat_cents, gross_cents, by_rate
       FROM invoices WHERE id = $2 RETURNING id`,
      [number, invoice.id, issuedOn, addDays(issuedOn, 10)],
    );
    const id = Number(inserted.rows[0]!.id);
    await tx.query(
      `INSERT INTO invoice_lines (invoice_id, position, credit, order_id, order_position, contract_id, period_start, period_end, name, unit, quantity,
                                  unit_cents, line_cents, line_gross_cents, vat_percent)
       SELECT $1, position, true, order_id, order_position, contract_id, period_start, period_end, name, unit, quantity, unit_cents, line_cents, line_gross_cents, vat_percent
       FROM invoice_lines WHERE invoice_id = $2`,
      [id, invoice.id],
    );
    const { rows } = await tx.query<{ format: string }>('SELECT format FROM invoices WHERE id = $1', [id]);
    await insertDocuments(tx, id, number, rows[0]!.format);
    return { id, number, grossCents: invoice.grossCents };
  });
}

/** Records the payment of an invoice, as an agent does, of its whole amount (or `cents`): what was open before any cancellation. */
export async function payFixtureInvoice(db: Queryable, invoice: FixtureInvoice, receivedOn: IsoDay = todayIso(), cents = invoice.grossCents): Promise<void> {
  await db.query('INSERT INTO invoice_payments (invoice_id, received_on, amount_cents) VALUES ($1, $2, $3)', [invoice.id, receivedOn, cents]);
}
