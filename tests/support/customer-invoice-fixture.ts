import { PDFDocument, StandardFonts } from 'pdf-lib';
import { periodEnd, type IsoDay } from '../../src/lib/contracts/ends.ts';
import { todayIso } from '../../src/lib/forms/dates.ts';
import type { BusinessInvoiceFormat } from '../../src/lib/schemas/order.ts';
import type { Db, Queryable } from '../../src/server/db/index.ts';

/**
 * Invoices of a placed order written straight into the tables of migration 0025, for the tests of
 * the customer's side (overview, download, export, account deletion): what they read is the
 * stored invoice, whoever issued it. Each bills one order line (a contract line for one billing
 * period from the issue day), takes its number from the gap-free counter and stores a small PDF
 * that names the number – and for an XRechnung an XML – as the issuer stores its documents.
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
  unit_net_cents: number;
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

/** A one-page PDF/1.7 that says which invoice it is (pdf-lib, not the project's PDF code). */
export async function invoicePdf(number: string): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`Rechnung ${number}`);
  const page = document.addPage([595, 842]);
  page.drawText(`Rechnung ${number}`, { x: 50, y: 780, size: 18, font: await document.embedFont(StandardFonts.Helvetica) });
  return document.save();
}

const addDays = (day: IsoDay, days: number): IsoDay => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Net, VAT and gross of a line in its basis (commercial rounding, as src/lib/money.ts). */
function amounts(lineCents: number, basis: 'gross' | 'net', vatPercent: number) {
  if (basis === 'net') {
    const vat = Math.round((lineCents * vatPercent) / 100);
    return { net: lineCents, vat, gross: lineCents + vat };
  }
  const net = Math.round((lineCents * 100) / (100 + vatPercent));
  return { net, vat: lineCents - net, gross: lineCents };
}

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

/** The invoice that bills the line (and period) already, if any. */
async function billedBy(tx: Queryable, orderId: number, position: number, periodStart: IsoDay | null): Promise<FixtureInvoice | undefined> {
  const { rows } = await tx.query<{ id: string; invoice_number: string; gross_cents: number }>(
    `SELECT i.id, i.invoice_number, i.gross_cents FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
     WHERE l.order_id = $1 AND l.order_position = $2 AND NOT l.credit AND l.period_start IS NOT DISTINCT FROM $3::date`,
    [orderId, position, periodStart],
  );
  const row = rows[0];
  return row ? { id: Number(row.id), number: row.invoice_number, grossCents: row.gross_cents } : undefined;
}

/**
 * Issues an invoice for one line of the order (default: its first), on `issuedOn` (default:
 * today). A line the shop's own issuing billed already (placing an order issues its first invoice
 * after the answer) is not billed twice – the database refuses that – but answered with that invoice.
 */
export async function issueFixtureInvoice(db: Db, orderNumber: string, options: { position?: number; issuedOn?: IsoDay } = {}): Promise<FixtureInvoice> {
  try {
    return await insertInvoice(db, orderNumber, options);
  } catch (error) {
    // Both issued at the same moment: the other one's invoice stands.
    if ((error as { code?: string }).code !== '23505') throw error;
    return insertInvoice(db, orderNumber, options);
  }
}

async function insertInvoice(db: Db, orderNumber: string, options: { position?: number; issuedOn?: IsoDay }): Promise<FixtureInvoice> {
  const issuedOn = options.issuedOn ?? todayIso();
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<OrderLineRow>(
      `SELECT o.id AS order_id, o.customer_type, o.invoice_format, o.price_basis,
              json_build_object('name', o.name, 'company', o.company, 'street', o.street, 'postalCode', o.postal_code, 'city', o.city,
                                'country', o.country, 'email', o.email, 'vatId', o.vat_id, 'leitwegId', o.leitweg_id,
                                'customerNumber', u.customer_number) AS buyer,
              l.position, l.name, l.unit, l.quantity, l.unit_cents, l.unit_net_cents, l.vat_percent, l.billing_months, c.id AS contract_id, c.period_cents
       FROM orders o JOIN order_lines l ON l.order_id = o.id
       LEFT JOIN users u ON u.id = o.user_id
       LEFT JOIN contracts c ON c.order_id = o.id AND c.order_position = l.position
       WHERE o.order_number = $1 AND l.position = $2`,
      [orderNumber, options.position ?? 1],
    );
    const line = rows[0];
    if (!line) throw new Error(`no line ${options.position ?? 1} in order ${orderNumber}`);
    const period = line.contract_id !== null && line.billing_months !== null ? { start: issuedOn, end: periodEnd(issuedOn, line.billing_months) } : null;
    // A contract line bills one period of it; a one-off line its ordered price.
    const unitCents = period ? line.period_cents! / line.quantity : line.price_basis === 'net' ? line.unit_net_cents : line.unit_cents;
    const billed = await billedBy(tx, line.order_id, line.position, period?.start ?? null);
    if (billed) return billed;
    const lineCents = unitCents * line.quantity;
    const { net, vat, gross } = amounts(lineCents, line.price_basis, line.vat_percent);
    const number = await nextNumber(tx);
    const format = line.customer_type === 'business' ? line.invoice_format : 'pdf';
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO invoices (invoice_number, kind, order_id, issued_on, due_on, service_start, service_end, customer_type, price_basis, buyer,
                             payment_method, format, net_cents, vat_cents, gross_cents, by_rate)
       VALUES ($1, 'invoice', $2, $3, $4, $5, $6, $7, $8, $9, 'transfer', $10, $11, $12, $13, $14) RETURNING id`,
      [
        number,
        line.order_id,
        issuedOn,
        addDays(issuedOn, 10),
        period?.start ?? issuedOn,
        period?.end ?? issuedOn,
        line.customer_type,
        line.price_basis,
        JSON.stringify(line.buyer),
        format,
        net,
        vat,
        gross,
        JSON.stringify([{ vatPercent: line.vat_percent, netCents: net, vatCents: vat }]),
      ],
    );
    const id = Number(inserted.rows[0]!.id);
    await tx.query(
      `INSERT INTO invoice_lines (invoice_id, position, credit, order_id, order_position, contract_id, period_start, period_end, name, unit, quantity,
                                  unit_cents, line_cents, vat_percent)
       VALUES ($1, 1, false, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        id,
        line.order_id,
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
    await insertDocuments(tx, id, number, format);
    return { id, number, grossCents: gross };
  });
}

/** A cancellation invoice that refunds the whole invoice, with its lines as credits. */
export async function cancelFixtureInvoice(db: Db, invoice: FixtureInvoice, issuedOn: IsoDay = todayIso()): Promise<FixtureInvoice> {
  return db.transaction(async (tx) => {
    const number = await nextNumber(tx);
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO invoices (invoice_number, kind, cancels_id, order_id, issued_on, due_on, service_start, service_end, customer_type, price_basis,
                             buyer, payment_method, format, net_cents, vat_cents, gross_cents, by_rate)
       SELECT $1, 'cancellation', id, order_id, $3, $4, service_start, service_end, customer_type, price_basis,
              buyer, payment_method, format, net_cents, vat_cents, gross_cents, by_rate
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
