import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString, PDFHexString, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/server/documents/markdown.ts';
import { createPdf, footers, heading, list, paragraph, pdfBytes, rows, title } from '../../../src/server/documents/pdf.ts';

/**
 * BFSG: our PDFs are tagged for screen readers (src/server/documents/pdf.ts). Read back with a
 * second implementation (pdf-lib): language, title shown in the window and written in Info and
 * XMP alike, MarkInfo, and a structure tree whose elements follow the drawing order.
 */

async function sample(): Promise<Uint8Array> {
  const doc = createPdf({ title: 'Vertragsbestätigung B-TEST', subject: 'Prüfung der Auszeichnung', createdAt: new Date('2026-11-28T12:00:00Z') });
  title(doc, 'Vertragsbestätigung B-TEST');
  paragraph(doc, 'Ein Absatz, der über mehrere Seiten nicht umbricht.');
  heading(doc, 'Ihre Verträge');
  rows(doc, [{ label: 'Vertragsbeginn', value: '28.11.2026' }]);
  list(doc, ['Erster Punkt', 'Zweiter Punkt']);
  renderMarkdown(doc, '### Einzelheiten\n\n- Unterpunkt a\n- Unterpunkt b', { baseUrl: 'https://example.test' });
  footers(doc, (page, pages) => `Seite ${page} von ${pages}`);
  return new Uint8Array(await pdfBytes(doc));
}

const text = (value: unknown): string | undefined => (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined);

/** The structure element types, depth first: what a screen reader walks through. */
function structureTypes(pdf: PDFDocument): string[] {
  const types: string[] = [];
  const walk = (node: unknown): void => {
    const resolved = node instanceof PDFDict || node instanceof PDFArray ? node : pdf.context.lookup(node as never);
    if (resolved instanceof PDFArray) {
      for (let index = 0; index < resolved.size(); index += 1) walk(resolved.get(index));
      return;
    }
    if (!(resolved instanceof PDFDict)) return;
    const type = resolved.get(PDFName.of('S'));
    if (type instanceof PDFName) types.push(type.decodeText());
    const kids = resolved.get(PDFName.of('K'));
    if (kids) walk(kids);
  };
  walk(pdf.catalog.get(PDFName.of('StructTreeRoot')));
  return types;
}

describe('tagged PDFs', () => {
  it('name their language, show and store their title alike in Info and XMP, and are marked', async () => {
    const pdf = await PDFDocument.load(await sample(), { updateMetadata: false });
    expect(text(pdf.catalog.get(PDFName.of('Lang')))).toBe('de-DE');
    const viewer = pdf.catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict);
    expect(String(viewer.get(PDFName.of('DisplayDocTitle')))).toBe('true');
    expect(String(pdf.catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked')))).toBe('true');
    expect(pdf.getTitle()).toBe('Vertragsbestätigung B-TEST');
    const metadata = pdf.context.lookup(pdf.catalog.get(PDFName.of('Metadata')));
    if (!(metadata instanceof PDFRawStream)) throw new Error('no XMP metadata stream');
    const xmp = new TextDecoder().decode(decodePDFRawStream(metadata).decode());
    expect(xmp).toContain('<rdf:li xml:lang="x-default">Vertragsbestätigung B-TEST</rdf:li>');
  });

  it('have a structure tree in reading order: heading levels, paragraphs, rows, lists with labels and bodies', async () => {
    const pdf = await PDFDocument.load(await sample(), { updateMetadata: false });
    expect(structureTypes(pdf)).toEqual([
      'Document',
      'H1',
      'P',
      'H2',
      'P',
      ...['L', 'LI', 'Lbl', 'LBody', 'P', 'LI', 'Lbl', 'LBody', 'P'],
      'H3',
      ...['L', 'LI', 'Lbl', 'LBody', 'P', 'LI', 'Lbl', 'LBody', 'P'],
    ]);
  });
});
