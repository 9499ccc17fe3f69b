import { getDocumentProxy } from 'unpdf';

/**
 * Reads a PDF back to text with Mozilla's PDF.js (as bundled for Node by unpdf, pinned) – a parser
 * independent of pdfkit, which wrote the file, so a test sees what a customer's viewer extracts,
 * not what our code meant to write.
 */

export interface PdfText {
  /** Page texts, lines separated by '\n'. */
  pages: string[];
  /** All pages, separated by '\n'. */
  text: string;
  /** Every line of every page, trimmed. */
  lines: string[];
  info: Record<string, unknown>;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  // PDF.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { useSystemFonts: false });
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    const { info } = await pdf.getMetadata();
    const text = pages.join('\n');
    return { pages, text, lines: text.split('\n').map((line) => line.trim()), info: info as Record<string, unknown> };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
