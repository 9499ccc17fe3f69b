import type { Invoice, InvoiceFile } from '../../invoice.ts';
import { facturXPdf, xrechnungXml } from './e-invoice.ts';
import { invoicePdf } from './pdf-invoice.ts';
import { invoiceFileName } from './texts.ts';

/**
 * The files of an issued invoice (issue 24, docs/decisions/0052-invoices.md), by its format:
 * - 'pdf' (consumers): the PDF;
 * - 'factur-x': one PDF/A-3 with the CII XML embedded (ZUGFeRD / Factur-X, profile EN 16931) –
 *   the PDF is the invoice for the eye, the XML the one for the machine, in one file;
 * - 'xrechnung-cii' / 'xrechnung-ubl': the XML, which is the invoice, and a PDF reading copy that
 *   says so.
 * The PDF's date is the invoice date (noon UTC: the same calendar day in Germany), so the same
 * invoice always gives the same PDF.
 */

export { giroCodePayload } from './giro-code.ts';

const pdfFile = (invoice: Invoice, content: Uint8Array): InvoiceFile => ({
  kind: 'pdf',
  fileName: invoiceFileName(invoice, 'pdf'),
  contentType: 'application/pdf',
  content,
});

export async function invoiceFiles(invoice: Invoice): Promise<InvoiceFile[]> {
  const pdf = await invoicePdf(invoice, new Date(`${invoice.issuedOn}T12:00:00Z`));
  switch (invoice.format) {
    case 'pdf':
      return [pdfFile(invoice, pdf)];
    case 'factur-x':
      return [pdfFile(invoice, await facturXPdf(invoice, pdf, invoiceFileName(invoice, 'pdf')))];
    case 'xrechnung-cii':
    case 'xrechnung-ubl':
      return [
        { kind: 'xml', fileName: invoiceFileName(invoice, 'xml'), contentType: 'application/xml', content: await xrechnungXml(invoice, invoice.format) },
        pdfFile(invoice, pdf),
      ];
  }
}
