import { artifact, createPdf, ensureSpace, footers, heading, paragraph, pdfBytes, rows, tagged, taggedGroup, TEXT_SIZE, title, type Pdf } from '../../../../server/documents/pdf.ts';
import type { Invoice } from '../../invoice.ts';
import { invoiceContent, type InvoiceContent, type TableRow, type TotalRow } from './content.ts';
import { giroCodePng } from './giro-code.ts';

/**
 * Draws an invoice (./content.ts says what) with the shared PDF ground of our documents
 * (src/server/documents/pdf.ts: pdfkit, embedded DejaVu fonts – which PDF/A, and so Factur-X,
 * requires). The layout is a German business letter: sender line and address on the left, the
 * seller's details on the right, then title, facts, the table of lines, totals and payment.
 *
 * Tagged for screen readers like every document of the PDF ground: the letterhead's three blocks
 * and the totals are paragraphs, the lines a Table (TR of TH/TD; a header repeated on a later page
 * and the rules are artifacts), the GiroCode a Figure with its content as alternative text.
 */

const MUTED = '#5c5c5c';
const RULE = '#b5b5b5';
const GIRO_CODE_SIZE = 92;

const left = (doc: Pdf): number => doc.page.margins.left;
const width = (doc: Pdf): number => doc.page.width - doc.page.margins.left - doc.page.margins.right;

function hairline(doc: Pdf, y: number): void {
  artifact(doc, () => doc.moveTo(left(doc), y).lineTo(left(doc) + width(doc), y).lineWidth(0.5).strokeColor(RULE).stroke());
}

function letterHead(doc: Pdf, content: InvoiceContent): void {
  const top = doc.y;
  const addressWidth = 250;
  const sellerX = left(doc) + 310;
  const sellerWidth = left(doc) + width(doc) - sellerX;
  tagged(doc, 'P', () => doc.font('regular').fontSize(TEXT_SIZE.small - 1).fillColor(MUTED).text(content.senderLine, left(doc), top, { width: addressWidth }));
  doc.y += 4;
  tagged(doc, 'P', () =>
    doc.font('regular').fontSize(TEXT_SIZE.body + 0.5).fillColor('#1a1a1a').text(content.buyerLines.join('\n'), left(doc), doc.y, { width: addressWidth, lineGap: 1.6 }),
  );
  const addressBottom = doc.y;
  tagged(doc, 'P', () => {
    doc.font('bold').fontSize(TEXT_SIZE.small).text(content.sellerLines[0]!, sellerX, top, { width: sellerWidth, align: 'right' });
    doc.font('regular').fillColor(MUTED).text(content.sellerLines.slice(1).join('\n'), sellerX, doc.y, { width: sellerWidth, align: 'right', lineGap: 1 });
  });
  doc.fillColor('#1a1a1a');
  doc.x = left(doc);
  doc.y = Math.max(addressBottom, doc.y) + 28;
}

/** Column layout of the table: x offset and width of each column, amounts right-aligned. */
function columns(doc: Pdf): Record<keyof TableRow | 'text', { x: number; width: number }> {
  const x0 = left(doc);
  const total = width(doc);
  const pos = 26;
  const quantity = 46;
  const unitPrice = 74;
  const vat = 38;
  const amount = 78;
  const text = total - pos - quantity - unitPrice - vat - amount;
  return {
    position: { x: x0, width: pos - 4 },
    text: { x: x0 + pos, width: text - 8 },
    name: { x: x0 + pos, width: text - 8 },
    description: { x: x0 + pos, width: text - 8 },
    quantity: { x: x0 + pos + text, width: quantity - 4 },
    unitPrice: { x: x0 + pos + text + quantity, width: unitPrice - 4 },
    vat: { x: x0 + pos + text + quantity + unitPrice, width: vat - 4 },
    amount: { x: x0 + pos + text + quantity + unitPrice + vat, width: amount },
  };
}

/** The column heads: the table's header row (TH) the first time, an artifact when repeated on a later page. */
function tableHeader(doc: Pdf, basisLabel: string, repeated: boolean): void {
  const cols = columns(doc);
  const top = doc.y;
  doc.font('bold').fontSize(TEXT_SIZE.small).fillColor(MUTED);
  const heads: [string, { x: number; width: number }, 'left' | 'right'][] = [
    ['Pos.', cols.position, 'left'],
    ['Leistung', cols.text, 'left'],
    ['Menge', cols.quantity, 'right'],
    [`Einzelpreis ${basisLabel.toLowerCase()}`, cols.unitPrice, 'right'],
    ['USt.', cols.vat, 'right'],
    [`Betrag ${basisLabel.toLowerCase()}`, cols.amount, 'right'],
  ];
  const draw = ([text, col, align]: (typeof heads)[number]) => doc.text(text, col.x, top, { width: col.width, align });
  if (repeated) artifact(doc, () => heads.forEach(draw));
  else taggedGroup(doc, 'TR', () => heads.forEach((head) => tagged(doc, 'TH', () => draw(head))));
  doc.fillColor('#1a1a1a');
  doc.y = top + doc.heightOfString(`Einzelpreis ${basisLabel.toLowerCase()}`, { width: cols.unitPrice.width }) + 3;
  hairline(doc, doc.y);
  doc.y += 5;
}

function rowHeight(doc: Pdf, row: TableRow): number {
  const cols = columns(doc);
  const name = doc.font('bold').fontSize(TEXT_SIZE.body).heightOfString(row.name, { width: cols.text.width });
  const description = row.description ? doc.font('regular').fontSize(TEXT_SIZE.small).heightOfString(row.description, { width: cols.text.width }) + 1 : 0;
  return name + description;
}

function tableRow(doc: Pdf, row: TableRow, top: number): void {
  const cols = columns(doc);
  const cell = (text: string, col: { x: number; width: number }, align: 'left' | 'right') =>
    tagged(doc, 'TD', () => doc.font('regular').fontSize(TEXT_SIZE.body).text(text, col.x, top, { width: col.width, align }));
  cell(row.position, cols.position, 'left');
  tagged(doc, 'TD', () => {
    doc.font('bold').fontSize(TEXT_SIZE.body).text(row.name, cols.text.x, top, { width: cols.text.width });
    if (row.description) {
      doc.y += 1;
      doc.font('regular').fontSize(TEXT_SIZE.small).fillColor(MUTED).text(row.description, cols.text.x, doc.y, { width: cols.text.width });
      doc.fillColor('#1a1a1a');
    }
  });
  cell(row.quantity, cols.quantity, 'right');
  cell(row.unitPrice, cols.unitPrice, 'right');
  cell(row.vat, cols.vat, 'right');
  cell(row.amount, cols.amount, 'right');
}

function tableRows(doc: Pdf, content: InvoiceContent): void {
  taggedGroup(doc, 'Table', () => {
    tableHeader(doc, content.basisLabel, false);
    for (const row of content.table) {
      const height = rowHeight(doc, row);
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        tableHeader(doc, content.basisLabel, true);
      }
      const top = doc.y;
      taggedGroup(doc, 'TR', () => tableRow(doc, row, top));
      doc.y = top + height + 6;
    }
  });
  hairline(doc, doc.y - 2);
  doc.y += 4;
}

function totalRows(doc: Pdf, rowsToDraw: readonly TotalRow[]): void {
  const valueWidth = 90;
  const labelWidth = 250;
  const valueX = left(doc) + width(doc) - valueWidth;
  const labelX = valueX - labelWidth - 8;
  ensureSpace(doc, rowsToDraw.length * (TEXT_SIZE.body + 6));
  for (const row of rowsToDraw) {
    const top = doc.y;
    let labelBottom = top;
    tagged(doc, 'P', () => {
      doc.font(row.bold ? 'bold' : 'regular').fontSize(TEXT_SIZE.body);
      doc.text(row.label, labelX, top, { width: labelWidth, align: 'right' });
      labelBottom = doc.y;
      doc.text(row.value, valueX, top, { width: valueWidth, align: 'right' });
    });
    doc.y = Math.max(doc.y, labelBottom) + 3;
  }
  doc.x = left(doc);
}

async function giroCode(doc: Pdf, payload: string, alt: string): Promise<void> {
  const png = await giroCodePng(payload);
  ensureSpace(doc, GIRO_CODE_SIZE + 8);
  const top = doc.y + 4;
  tagged(doc, 'Figure', () => doc.image(png, left(doc), top, { width: GIRO_CODE_SIZE, height: GIRO_CODE_SIZE }), { alt });
  tagged(doc, 'P', () => {
    doc.font('bold').fontSize(TEXT_SIZE.small).text('GiroCode', left(doc) + GIRO_CODE_SIZE + 14, top + 4, { width: 260 });
    doc
      .font('regular')
      .fillColor(MUTED)
      .text('Scannen Sie den Code mit Ihrer Banking-App: Sie füllt die Überweisung mit Empfänger, IBAN, Betrag und Verwendungszweck aus.', left(doc) + GIRO_CODE_SIZE + 14, doc.y + 2, {
        width: 260,
      });
  });
  doc.fillColor('#1a1a1a');
  doc.x = left(doc);
  doc.y = top + GIRO_CODE_SIZE + 8;
}

/** The invoice PDF: every format's PDF (plain, the Factur-X base, the XRechnung reading copy). */
export async function invoicePdf(invoice: Invoice, createdAt: Date): Promise<Uint8Array> {
  const content = invoiceContent(invoice);
  const doc = createPdf({ title: content.title, subject: content.subject, createdAt });
  letterHead(doc, content);
  title(doc, content.title);
  for (const note of content.notes) paragraph(doc, note, { size: TEXT_SIZE.small, gapAfter: 3 });
  doc.y += 4;
  rows(doc, content.facts, { labelWidth: 130 });
  doc.y += 10;
  tableRows(doc, content);
  totalRows(doc, content.totals);
  heading(doc, content.paymentHeading, 1);
  for (const text of content.payment) paragraph(doc, text, { gapAfter: 5 });
  if (content.bankRows.length > 0) rows(doc, content.bankRows, { labelWidth: 130 });
  if (content.giroCode) await giroCode(doc, content.giroCode.payload, content.giroCode.alt);
  doc.y += 12;
  paragraph(doc, content.footer, { size: TEXT_SIZE.small, muted: true });
  footers(doc, (page, pages) => `${content.title} · Seite ${page} von ${pages}`);
  return new Uint8Array(await pdfBytes(doc));
}
