import { PDFDocument, StandardFonts } from 'pdf-lib';
import { periodEnd, type IsoDay } from '../../src/lib/contracts/ends.ts';
import { todayIso } from '../../src/lib/forms/dates.ts';
import { amountOf } from '../../src/lib/prices/amounts.ts';
import type { BusinessInvoiceFormat } from '../../src/lib/schemas/order.ts';
import type { Db, Queryable } from '../../src/server/db/index.ts';

/**
 * An order's first invoice for the tests of the customer's side (overview, download, export,
 * account deletion), which read the stored invoice whoever issued it. Placing an order issues it
 * after the answer (docs/decisions/0052): where that happened, the fixture answers with it.
 * Otherwise it writes what that invoice holds straight into the tables of migration 0025 – every
 * line of the order, one-off lines and each contract's first billing period from the issue day,
 * in one invoice with its number from the gap-free counter – with a small PDF naming the number
 * and, for an XRechnung, an XML.
 */

export interface FixtureInvoice {
  id: number;
  number: string;
  grossCents: number;
}

interface OrderLineRow {
  order_id: number;
  customer_type: 'consumer' | 'business';
  invoice_format: 'pdf' | BusinessInvoiceFormat;
  price_basis: 'gross' | 'net';
  buyer: Record<string, unknown>;
  position: number;
  name: string;
  unit: 'hour' | 'month' | 'once' | 'year';
  quantity: number;
  unit_cents: number;
  vat_percent: number;
  billing_months: number | null;
  contract_id: number | null;
  /** A contract's price for one billing period, all units together, in the order's basis. */
  period_cents: number | null;
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
 * The order's first invoice, issued on `issuedOn` (default: today) unless the shop issued it
 * already. Call it after the order's answer has settled (Visitor.settled): an issue running at the
 * same moment is refused by the database (each line is billed once) and answered with the other's.
 */
export async function issueFixtureInvoice(db: Db, orderNumber: string, issuedOn: IsoDay = todayIso()): Promise<FixtureInvoice> {
  try {
    return (await firstInvoice(db, orderNumber)) ?? (await insertInvoice(db, orderNumber, issuedOn));
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    return (await firstInvoice(db, orderNumber))!;
  }
}

async function insertInvoice(db: Db, orderNumber: string, issuedOn: IsoDay): Promise<FixtureInvoice> {
  return db.transaction(async (tx) => {
    const { rows: lines } = await tx.query<OrderLineRow>(
      `SELECT o.id AS order_id, o.customer_type, o.invoice_format, o.price_basis,
              json_build_object('name', o.name, 'company', o.company, 'street', o.street, 'postalCode', o.postal_code, 'city', o.city,
                                'country', o.country, 'email', o.email, 'vatId', o.vat_id, 'leitwegId', o.leitweg_id,
                                'customerNumber', u.customer_number) AS buyer,
              l.position, l.name, l.unit, l.quantity, CASE WHEN o.price_basis = 'net' THEN l.unit_net_cents ELSE l.unit_cents END AS unit_cents,
              l.vat_percent, l.billing_months, c.id AS contract_id, c.period_cents
       FROM orders o JOIN order_lines l ON l.order_id = o.id
       LEFT JOIN users u ON u.id = o.user_id
       LEFT JOIN contracts c ON c.order_id = o.id AND c.order_position = l.position
       WHERE o.order_number = $1 ORDER BY l.position`,
      [orderNumber],
    );
    const order = lines[0];
    if (!order) throw new Error(`no order ${orderNumber}`);
    const billed = lines.map((line) => {
      const period = line.contract_id !== null && line.billing_months !== null ? { start: issuedOn, end: periodEnd(issuedOn, line.billing_months) } : null;
      // A contract line bills its first period; a one-off line its ordered price.
      const unitCents = period ? line.period_cents! / line.quantity : line.unit_cents;
      return { line, period, unitCents, lineCents: unitCents * line.quantity };
    });
    const totals = amountOf(
      billed.map(({ line, lineCents }) => ({ cents: lineCents, vatPercent: line.vat_percent })),
      order.price_basis,
    );
    const serviceEnd = billed.reduce((end, { period }) => (period && period.end > end ? period.end : end), issuedOn);
    const number = await nextNumber(tx);
    const format = order.customer_type === 'business' ? order.invoice_format : 'pdf';
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO invoices (invoice_number, kind, order_id, issued_on, due_on, service_start, service_end, customer_type, price_basis, buyer,
                             payment_method, format, net_cents, vat_cents, gross_cents, by_rate)
       VALUES ($1, 'invoice', $2, $3, $4, $3, $5, $6, $7, $8, 'transfer', $9, $10, $11, $12, $13) RETURNING id`,
      [
        number,
        order.order_id,
        issuedOn,
        addDays(issuedOn, 10),
        serviceEnd,
        order.customer_type,
        order.price_basis,
        JSON.stringify(order.buyer),
        format,
        totals.netCents,
        totals.vatCents,
        totals.grossCents,
        JSON.stringify(totals.byRate),
      ],
    );
    const id = Number(inserted.rows[0]!.id);
    for (const [index, { line, period, unitCents, lineCents }] of billed.entries()) {
      await tx.query(
        `INSERT INTO invoice_lines (invoice_id, position, credit, order_id, order_position, contract_id, period_start, period_end, name, unit, quantity,
                                    unit_cents, line_cents, vat_percent)
         VALUES ($1, $2, false, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          id,
          index + 1,
          order.order_id,
          line.position,
          line.contract_id,
          period?.start ?? null,
          period?.end ?? null,
          line.name,
          period ? 'period' : line.unit === 'hour' ? 'hour' : 'once',
          line.quantity,
          unitCents,
          lineCents,
          line.vat_percent,
        ],
      );
    }
    await insertDocuments(tx, id, number, format);
    return { id, number, grossCents: totals.grossCents };
  });
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
                                  unit_cents, line_cents, vat_percent)
       SELECT $1, position, true, order_id, order_position, contract_id, period_start, period_end, name, unit, quantity, unit_cents, line_cents, vat_percent
       FROM invoice_lines WHERE invoice_id = $2`,
      [id, invoice.id],
    );
    const { rows } = await tx.query<{ format: string }>('SELECT format FROM invoices WHERE id = $1', [id]);
    await insertDocuments(tx, id, number, rows[0]!.format);
    return { id, number, grossCents: invoice.grossCents };
  });
}

/** Records the payment of an invoice, as an agent does. */
export async function payFixtureInvoice(db: Queryable, invoice: FixtureInvoice, receivedOn: IsoDay = todayIso()): Promise<void> {
  await db.query('INSERT INTO invoice_payments (invoice_id, received_on) VALUES ($1, $2)', [invoice.id, receivedOn]);
}
