import PDFDocument from 'pdfkit';
import { site } from '../../config/site.ts';
import { fontFiles, type FontFace } from './fonts.ts';

/**
 * The shared ground of our PDF documents (docs/decisions/0028-contract-confirmation-pdf.md):
 * pdfkit with the embedded DejaVu fonts, A4, German metadata, and the few layout primitives the
 * documents are made of – headings, paragraphs of styled runs, label/value rows, lists, page
 * footers. A document module (the contract confirmation; later the invoices, which add pdfkit's
 * PDF/A-3 `subset` and the e-invoice XML as an attachment) decides what to say, this module how it
 * looks.
 *
 * Tagged for screen readers (BFSG, docs/decisions/0057-e-invoice-validation.md): /Lang de-DE, the
 * title in Info and XMP with DisplayDocTitle, MarkInfo and a structure tree under one 'Document'
 * element. Each primitive tags what it draws – title H1, headings H2–H4, paragraphs and label/value
 * rows P, lists L/LI/Lbl/LBody – in drawing order, which is reading order; rules and page footers
 * are artifacts. A document module that draws with pdfkit directly wraps it in `tagged()`, or its
 * text stays untagged content. Not tagged: link annotations (no Link elements), tables as
 * Table/TR/TD (an invoice's lines are rows of P), alternative texts except where a module gives one.
 */

export type Pdf = PDFKit.PDFDocument;

const MARGINS = { top: 56, bottom: 64, left: 62, right: 62 } as const;

export const TEXT_SIZE = { title: 20, heading: 13, subheading: 10.5, body: 9.5, small: 8 } as const;

const COLOR = { ink: '#1a1a1a', muted: '#5c5c5c', rule: '#b5b5b5' } as const;

/** Extra space between the lines of a paragraph, in points: long legal text stays readable. */
const LINE_GAP = 1.6;

export interface PdfInfo {
  title: string;
  subject: string;
  /** The document's date: the moment of what it records, not of rendering. */
  createdAt: Date;
}

/** A piece of text in one style; a paragraph is a list of runs. */
export interface TextRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  /** Makes the run a clickable link; the text itself must already show where it leads. */
  link?: string;
}

export function createPdf(info: PdfInfo): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGINS,
    // Page numbers ("Seite 2 von 7") need the page count, known only at the end.
    bufferPages: true,
    pdfVersion: '1.7',
    lang: 'de-DE',
    displayTitle: true,
    // MarkInfo and the structure tree root; the primitives below fill it (tagged()).
    tagged: true,
    // No standard font: pdfkit would load Helvetica's metrics for nothing (and a function bundle
    // need not carry them); ours are registered right below.
    font: '',
    info: {
      Title: info.title,
      Subject: info.subject,
      Author: site.name,
      Creator: site.name,
      CreationDate: info.createdAt,
      ModDate: info.createdAt,
    },
  });
  for (const [face, data] of Object.entries(fontFiles())) doc.registerFont(face, data);
  const root = doc.struct('Document');
  doc.addStructure(root);
  structureParents.set(doc, [root]);
  return doc.font('regular' satisfies FontFace).fontSize(TEXT_SIZE.body).fillColor(COLOR.ink);
}

/** Per document the structure element new content goes into: the root 'Document', or the list (item) being drawn. */
const structureParents = new WeakMap<Pdf, PDFKit.PDFStructureElement[]>();

function structureParent(doc: Pdf): PDFKit.PDFStructureElement {
  const parent = structureParents.get(doc)?.at(-1);
  if (!parent) throw new Error('PDF: kein Strukturbaum – Dokumente entstehen mit createPdf().');
  return parent;
}

/**
 * Draws `draw` as one structure element of `type` ('P', 'H2', 'Figure' …) in the current parent:
 * everything it draws becomes that element's marked content, across page breaks. `draw` must not
 * call another tagging primitive (marked content does not nest); groups use taggedGroup().
 */
export function tagged(doc: Pdf, type: string, draw: () => void, options: { alt?: string } = {}): void {
  const element = doc.struct(type, options);
  structureParent(doc).add(element);
  element.add(draw);
  element.end();
}

/** A grouping element ('L', 'LI', 'LBody'): the primitives `draw` calls tag their content inside it. */
export function taggedGroup(doc: Pdf, type: string, draw: () => void): void {
  const element = doc.struct(type);
  structureParent(doc).add(element);
  const stack = structureParents.get(doc)!;
  stack.push(element);
  try {
    draw();
  } finally {
    stack.pop();
    element.end();
  }
}

/** Decoration a screen reader skips: rules, page footers. */
export function artifact(doc: Pdf, draw: () => void): void {
  doc.markContent('Artifact');
  draw();
  doc.endMarkedContent();
}

/** Ends the document and answers its bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    structureParents.get(doc)?.[0]?.end();
    doc.end();
  });
}

const contentLeft = (doc: Pdf): number => doc.page.margins.left;
const contentWidth = (doc: Pdf): number => doc.page.width - doc.page.margins.left - doc.page.margins.right;

function faceOf(run: Pick<TextRun, 'bold' | 'italic'>): FontFace {
  if (run.bold) return run.italic ? 'boldItalic' : 'bold';
  return run.italic ? 'italic' : 'regular';
}

/** Starts a new page unless `height` points still fit on this one (keeps a heading with its text). */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

export function newPage(doc: Pdf): void {
  doc.addPage();
}

export interface BlockOptions {
  /** Left edge; default the page margin. */
  x?: number;
  /** Default: up to the right margin. */
  width?: number;
  size?: number;
  muted?: boolean;
  align?: 'left' | 'center' | 'right' | 'justify';
  /** Space after the block, in points. */
  gapAfter?: number;
}

/**
 * Splits runs at line breaks into lines of runs. pdfkit drops a line break at the end of a run
 * that another run continues, and after one at the start of a continuing run it places the
 * next run wrongly: a paragraph is therefore drawn line by line, each line's runs continued.
 */
function linesOfRuns(runs: readonly TextRun[]): TextRun[][] {
  const lines: TextRun[][] = [[]];
  for (const run of runs) {
    run.text.split('\n').forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part.length > 0) lines.at(-1)!.push({ ...run, text: part });
    });
  }
  return lines;
}

/**
 * One paragraph of runs at the current position; pdfkit continues a run where the previous one
 * ended and wraps within the given width, across pages if need be. '\n' breaks the line.
 */
export function paragraph(doc: Pdf, content: string | readonly TextRun[], options: BlockOptions = {}): void {
  const lines = linesOfRuns(typeof content === 'string' ? [{ text: content }] : content);
  if (lines.every((line) => line.length === 0)) return;
  const x = options.x ?? contentLeft(doc);
  const width = options.width ?? contentLeft(doc) + contentWidth(doc) - x;
  const size = options.size ?? TEXT_SIZE.body;
  doc.fontSize(size).fillColor(options.muted ? COLOR.muted : COLOR.ink);
  tagged(doc, 'P', () => drawLines(doc, lines, { x, width, size, align: options.align ?? 'left' }));
  doc.fillColor(COLOR.ink);
  doc.y += options.gapAfter ?? 4;
}

function drawLines(doc: Pdf, lines: readonly TextRun[][], { x, width, size, align }: { x: number; width: number; size: number; align: NonNullable<BlockOptions['align']> }): void {
  for (const runs of lines) {
    if (runs.length === 0) {
      doc.y += size + LINE_GAP;
      continue;
    }
    runs.forEach((run, index) => {
      const textOptions: PDFKit.Mixins.TextOptions = {
        width,
        lineGap: LINE_GAP,
        align,
        continued: index < runs.length - 1,
        link: run.link ?? null,
      };
      doc.font(faceOf(run));
      if (index === 0) doc.text(run.text, x, doc.y, textOptions);
      else doc.text(run.text, textOptions);
    });
  }
}

export function title(doc: Pdf, text: string): void {
  tagged(doc, 'H1', () => doc.font('bold').fontSize(TEXT_SIZE.title).fillColor(COLOR.ink).text(text, contentLeft(doc), doc.y, { width: contentWidth(doc) }));
  doc.y += 4;
}

/** A section heading (level 1) or a heading within a section (level 2, 3), kept with the lines after it. */
export function heading(doc: Pdf, text: string, level: 1 | 2 | 3 = 1): void {
  const size = level === 1 ? TEXT_SIZE.heading : level === 2 ? TEXT_SIZE.subheading : TEXT_SIZE.body;
  const before = level === 1 ? 14 : level === 2 ? 9 : 6;
  const atTop = doc.y <= doc.page.margins.top + 1;
  if (!atTop) doc.y += before;
  ensureSpace(doc, size * 1.4 + 4 * (TEXT_SIZE.body + LINE_GAP));
  // The title is H1: section headings are H2 to H4.
  tagged(doc, `H${level + 1}`, () => doc.font('bold').fontSize(size).fillColor(COLOR.ink).text(text, contentLeft(doc), doc.y, { width: contentWidth(doc), lineGap: LINE_GAP }));
  if (level === 1) {
    const y = doc.y + 1;
    artifact(doc, () => doc.moveTo(contentLeft(doc), y).lineTo(contentLeft(doc) + contentWidth(doc), y).lineWidth(0.6).strokeColor(COLOR.rule).stroke());
    doc.y = y + 6;
  } else doc.y += 3;
}

export interface Row {
  label: string;
  value: string;
}

/** Label/value rows, the label in a column of its own: "Vertragsbeginn   24.11.2026". */
export function rows(doc: Pdf, items: readonly Row[], options: { labelWidth?: number } = {}): void {
  const left = contentLeft(doc);
  const labelWidth = options.labelWidth ?? 150;
  const valueWidth = contentWidth(doc) - labelWidth;
  for (const { label, value } of items) {
    doc.fontSize(TEXT_SIZE.body);
    const height = Math.max(
      doc.font('bold').heightOfString(label, { width: labelWidth - 8, lineGap: LINE_GAP }),
      doc.font('regular').heightOfString(value, { width: valueWidth, lineGap: LINE_GAP }),
    );
    // A row shorter than a page stays on one page, so a label never ends up apart from its value.
    if (height < doc.page.height - doc.page.margins.top - doc.page.margins.bottom) ensureSpace(doc, height);
    const top = doc.y;
    let labelBottom = top;
    let labelPage = 0;
    // One P per row: a screen reader reads "Vertragsbeginn 24.11.2026" as one sentence.
    tagged(doc, 'P', () => {
      doc.font('bold').fillColor(COLOR.muted).text(label, left, top, { width: labelWidth - 8, lineGap: LINE_GAP });
      labelBottom = doc.y;
      labelPage = doc.bufferedPageRange().count;
      doc.font('regular').fillColor(COLOR.ink).text(value, left + labelWidth, top, { width: valueWidth, lineGap: LINE_GAP });
    });
    if (doc.bufferedPageRange().count === labelPage) doc.y = Math.max(doc.y, labelBottom);
    doc.y += 3;
  }
}

/** A list of items with a bullet or a number each, indented; item texts wrap under themselves. */
export function list(doc: Pdf, items: readonly (string | readonly TextRun[])[], options: { ordered?: boolean; x?: number; size?: number } = {}): void {
  const x = options.x ?? contentLeft(doc);
  const size = options.size ?? TEXT_SIZE.body;
  taggedGroup(doc, 'L', () =>
    items.forEach((item, index) => {
      const marker = options.ordered ? `${index + 1}.` : '•';
      const indent = listIndent(doc, options.ordered ? `${items.length}.` : marker, size);
      listItem(doc, marker, x, indent, size, () => paragraph(doc, item, { x: x + indent, size, gapAfter: 2 }));
    }),
  );
}

/** The indent of a list's texts: the widest marker plus a gap. */
export function listIndent(doc: Pdf, widestMarker: string, size: number = TEXT_SIZE.body): number {
  return Math.max(12, doc.font('regular').fontSize(size).widthOfString(widestMarker) + 6);
}

/** One list item (LI) of a list drawn inside taggedGroup(doc, 'L', …): its marker (Lbl) at `x`, its content (LBody, drawn by `content`) from `x + indent`. */
export function listItem(doc: Pdf, marker: string, x: number, indent: number, size: number, content: () => void): void {
  ensureSpace(doc, 2 * (size + LINE_GAP));
  const top = doc.y;
  taggedGroup(doc, 'LI', () => {
    tagged(doc, 'Lbl', () => doc.font('regular').fontSize(size).fillColor(COLOR.ink).text(marker, x, top, { width: indent, lineBreak: false }));
    doc.y = top;
    taggedGroup(doc, 'LBody', content);
  });
}

/** Lines printed as they are, e.g. a form to fill in; blank lines keep their height. */
export function preformatted(doc: Pdf, lines: readonly string[]): void {
  doc.font('regular').fontSize(TEXT_SIZE.body).fillColor(COLOR.ink);
  for (const line of lines) {
    if (line.trim() === '') {
      doc.y += TEXT_SIZE.body;
      continue;
    }
    tagged(doc, 'P', () => doc.text(line, contentLeft(doc), doc.y, { width: contentWidth(doc), lineGap: LINE_GAP }));
  }
}

export function rule(doc: Pdf): void {
  const y = doc.y + 4;
  artifact(doc, () => doc.moveTo(contentLeft(doc), y).lineTo(contentLeft(doc) + contentWidth(doc), y).lineWidth(0.4).strokeColor(COLOR.rule).stroke());
  doc.y = y + 8;
}

/**
 * Writes a footer on every page ("… Seite 2 von 7"). Runs last, when the page count is known;
 * the footer sits in the bottom margin, which is lifted for the moment so pdfkit does not take
 * the text for an overflow and start a page.
 */
export function footers(doc: Pdf, text: (page: number, pages: number) => string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    // Pagination is an artifact (PDF/UA): the reader knows the page; the title is in the document.
    artifact(doc, () =>
      doc
        .font('regular')
        .fontSize(TEXT_SIZE.small)
        .fillColor(COLOR.muted)
        .text(text(index - start + 1, count), contentLeft(doc), doc.page.height - bottom + 24, { width: contentWidth(doc), align: 'center', lineBreak: false }),
    );
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor(COLOR.ink);
}
