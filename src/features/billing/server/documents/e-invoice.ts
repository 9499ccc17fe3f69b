import { InvoiceService, type Logger } from '@e-invoice-eu/core';
import { site } from '../../../../config/site.ts';
import type { BusinessInvoiceFormat } from '../../../../lib/schemas/order.ts';
import type { Invoice } from '../../invoice.ts';
import { repairCii } from './cii-repairs.ts';
import { debitsByMandate, en16931Invoice } from './en16931.ts';
import { keepOurPdfMetadata } from './factur-x-pdf.ts';
import { documentTitle } from './texts.ts';

/**
 * The e-invoice through @e-invoice-eu/core (pinned): it validates the EN 16931 data against its
 * schema and writes the syntax. Factur-X in the profile EN 16931 (ZUGFeRD 2.x "EN 16931", formerly
 * COMFORT) takes our own PDF, attaches the CII XML as factur-x.xml (AFRelationship Alternative)
 * and makes it PDF/A-3 (XMP with pdfaid and the Factur-X extension schema, sRGB output intent).
 * Where its output is wrong, small hooks repair it: ./cii-repairs.ts, ./factur-x-pdf.ts.
 */

const LIBRARY_FORMAT: Readonly<Record<BusinessInvoiceFormat, string>> = {
  'factur-x': 'Factur-X-EN16931',
  'xrechnung-cii': 'XRECHNUNG-CII',
  'xrechnung-ubl': 'XRECHNUNG-UBL',
};

/** The library reports through this; its warnings would otherwise go to the console unseen by tests. */
const logger: Logger = {
  log: () => {},
  warn: (message: string) => console.warn(`[e-invoice] ${message}`),
  error: (message: string) => console.error(`[e-invoice] ${message}`),
};

/** A service for this invoice, its CII repaired (./cii-repairs.ts). */
function serviceFor(invoice: Invoice): InvoiceService {
  const service = new InvoiceService(logger);
  repairCii(service, { preceding: invoice.cancels, creditorId: debitsByMandate(invoice) ? site.sepaCreditorId : null });
  return service;
}

/** The XRechnung XML (CII or UBL) as UTF-8 bytes. */
export async function xrechnungXml(invoice: Invoice, format: 'xrechnung-cii' | 'xrechnung-ubl'): Promise<Uint8Array> {
  const xml = await serviceFor(invoice).generate(en16931Invoice(invoice), { format: LIBRARY_FORMAT[format], lang: 'de-de' });
  if (typeof xml !== 'string') throw new Error(`${format}: XML erwartet, die Bibliothek lieferte Binärdaten.`);
  return new TextEncoder().encode(xml);
}

/** Our PDF with the CII XML embedded, as PDF/A-3 (Factur-X / ZUGFeRD, profile EN 16931). */
export async function facturXPdf(invoice: Invoice, pdf: Uint8Array, pdfFileName: string): Promise<Uint8Array> {
  const service = serviceFor(invoice);
  keepOurPdfMetadata(service, `${documentTitle(invoice)}, E-Rechnung, Factur-X, ZUGFeRD, EN 16931`);
  const result = await service.generate(en16931Invoice(invoice), {
    format: LIBRARY_FORMAT['factur-x'],
    lang: 'de-de',
    pdf: { buffer: pdf, filename: pdfFileName, mimetype: 'application/pdf' },
  });
  if (typeof result === 'string') throw new Error('Factur-X: PDF erwartet, die Bibliothek lieferte Text.');
  return result;
}
