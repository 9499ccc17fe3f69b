import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/server/documents/markdown.ts';
import { unsupportedMarkdown } from '../../../src/server/documents/markdown-parse.ts';
import { createPdf, paragraph, pdfBytes } from '../../../src/server/documents/pdf.ts';
import { pdfText } from '../../support/pdf-text.ts';

/**
 * The Markdown renderer of the PDFs (src/server/documents/markdown.ts) and its guard: what it
 * draws comes back from PDF.js as the text it stands for, and what it cannot draw is reported
 * with its line, so the build can refuse such a legal text.
 */

const SAMPLE = [
  '## § 1 Geltung',
  '',
  '1. Erster Punkt mit **fetter Zusage** und der [Preisliste](/preisliste).',
  '2. Zweiter Punkt:',
  '   - Unterpunkt a',
  '   - Unterpunkt b',
  '3. Schreiben Sie an [info@example.test](mailto:info@example.test) oder lesen Sie [https://example.test/faq](https://example.test/faq).',
  '',
  '### Einzelheiten',
  '',
  'Ein Absatz mit einer',
  'weichen Zeilenschaltung, einer harten  ',
  'Zeilenschaltung und \\*Sternchen\\* (\\*), *kursiv* gesetzt.',
  '',
  '4. Eine Liste, die bei vier beginnt.',
].join('\n');

async function rendered(markdown: string): Promise<Uint8Array> {
  const doc = createPdf({ title: 'Test', subject: 'Markdown', createdAt: new Date('2026-11-24T10:00:00Z') });
  renderMarkdown(doc, markdown, { baseUrl: 'https://example.test' });
  return pdfBytes(doc);
}

describe('renderMarkdown', () => {
  it('draws headings, numbered and nested lists, bold and italic text, and links with their address', async () => {
    const { text, lines } = await pdfText(await rendered(SAMPLE));
    const flat = text.replace(/\s+/gu, ' ');
    expect(lines).toContain('§ 1 Geltung');
    expect(lines).toContain('Einzelheiten');
    expect(flat).toContain('1. Erster Punkt mit fetter Zusage und der Preisliste (https://example.test/preisliste).');
    expect(flat).toContain('– Unterpunkt a');
    expect(flat).toContain('3. Schreiben Sie an info@example.test oder lesen Sie https://example.test/faq.');
    // A soft line break is a space; a hard one breaks the line; escapes are plain characters.
    expect(flat).toContain('Ein Absatz mit einer weichen Zeilenschaltung, einer harten');
    expect(lines).toContain('Zeilenschaltung und *Sternchen* (*), kursiv gesetzt.');
    expect(flat).toContain('4. Eine Liste, die bei vier beginnt.');
  });

  it('sets bold and italic runs in other faces and makes links clickable', async () => {
    const pdf = await getDocumentProxy(new Uint8Array(await rendered(SAMPLE)));
    try {
      const page = await pdf.getPage(1);
      const content = await page.getTextContent();
      const items = content.items.flatMap((item) => ('str' in item ? [item] : []));
      const font = (text: string) => items.find((item) => item.str.includes(text))?.fontName;
      expect(new Set([font('Erster Punkt'), font('fetter Zusage'), font('kursiv')]).size).toBe(3);
      const links = (await page.getAnnotations()).filter((annotation) => annotation.subtype === 'Link').map((annotation) => annotation.url as string);
      expect(links).toEqual(expect.arrayContaining(['https://example.test/preisliste', 'https://example.test/faq']));
    } finally {
      await pdf.loadingTask.destroy();
    }
  });

  it('embeds a font that prints German and every name a customer may type', async () => {
    const doc = createPdf({ title: 'Test', subject: 'Schrift', createdAt: new Date() });
    const sample = 'Grüße – § 5: 1.234,56 € „Ä Ö Ü ß“ · Łódź, Şahin, Dvořák, Ελλάδα, Москва';
    paragraph(doc, sample);
    expect((await pdfText(await pdfBytes(doc))).lines).toContain(sample);
  });
});

describe('unsupportedMarkdown', () => {
  it('accepts what the renderer draws', () => {
    expect(unsupportedMarkdown(SAMPLE)).toEqual([]);
    expect(unsupportedMarkdown('---\n\n> Zitat\n\n`Code`')).toEqual([]);
  });

  it('names what it cannot draw, with the line', () => {
    expect(unsupportedMarkdown('Text\n\n<div>HTML</div>\n\n![Bild](/a.png)\n\n```\nCode\n```\n\n[Verweis][x]\n\n[x]: /ziel')).toEqual([
      'HTML in Zeile 3',
      'Bild in Zeile 5',
      'Codeblock in Zeile 7',
      'Verweis-Link ([Text][Name]) in Zeile 11',
      'Link-Definition ([Name]: Adresse) in Zeile 13',
    ]);
  });
});
