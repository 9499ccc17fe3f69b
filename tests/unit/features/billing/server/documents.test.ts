import { site } from '../../../../../src/config/site.ts';
import { formatIban } from '../../../../../src/lib/iban.ts';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { countryCode } from '../../../../../src/lib/countries.ts';
import { invoiceContent } from '../../../../../src/features/billing/server/documents/content.ts';
import { giroCodePayload, invoiceFiles } from '../../../../../src/features/billing/server/documents/index.ts';
import type { Invoice, InvoiceFile } from '../../../../../src/features/billing/invoice.ts';
import { checkEn16931Arithmetic, readEInvoiceXml, readFacturX, type ReadBack } from '../../../../support/e-invoice-reader.ts';
import { pdfText } from '../../../../support/pdf-text.ts';
import { businessBuyer, consumerBuyer, hostingLine, hoursLine, invoiceOf, line, sepaPayment } from './fixtures.ts';

/** PDF text with no-break spaces as spaces: money and percent carry them ('19 %', '11,90 €'). */
async function textOf(file: InvoiceFile): Promise<string> {
  return (await pdfText(file.content)).text.replaceAll('\u00a0', ' ').replace(/[ \t]+/g, ' ');
}

/** Collapses line breaks too, for sentences the PDF wraps. */
const flat = (text: string): string => text.replace(/\s+/g, ' ');

function expectAmountsOf(readBack: ReadBack, invoice: Invoice): void {
  const { totals } = invoice;
  expect(readBack.totals).toEqual({
    lineNet: totals.netCents,
    allowances: null,
    charges: null,
    taxExclusive: totals.netCents,
    taxTotal: totals.vatCents,
    taxInclusive: totals.grossCents,
    prepaid: null,
    rounding: null,
    payable: totals.grossCents,
  });
  expect(readBack.vatBreakdown).toEqual(
    totals.byRate.map((share) => ({ category: 'S', percent: String(share.percent), exemptionCode: null, exemptionReason: null, taxableCents: share.netCents, taxCents: share.vatCents })),
  );
  expect(readBack.lines.map((item) => [item.id, item.netAmountCents, item.netPriceCents, item.quantity, item.vatPercent])).toEqual(
    invoice.lines.map((item) => [String(item.position), item.lineCents, item.unitCents, String(item.quantity), String(item.vatPercent)]),
  );
  expect(checkEn16931Arithmetic(readBack)).toEqual([]);
}

/** Whether any page of the PDF draws an image (the GiroCode is the only one an invoice has). */
async function imageCount(pdf: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(pdf);
  let count = 0;
  for (const page of doc.getPages()) {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const key of xObjects?.keys() ?? []) {
      const object = xObjects!.lookup(key);
      if (object && 'dict' in object && (object.dict as PDFDict).get(PDFName.of('Subtype')) === PDFName.of('Image')) count += 1;
    }
  }
  return count;
}

const leitwegBuyer = { ...businessBuyer, leitwegId: '05315-12345-67' };
const reducedRateLine = line({ position: 3, name: 'Fachbuch „Barrierefreie Webanwendungen“', quantity: 2, unitCents: 3450, vatPercent: 7 });

describe('giroCodePayload (EPC069-12)', () => {
  it('writes the BCD/002/1/SCT fields, the amount as EUR with two decimals and the invoice number as remittance', () => {
    expect(giroCodePayload({ name: 'Kraus Webentwicklung GmbH', iban: 'DE85 3705 0198 0019 2837 46', bic: 'COLSDE33XXX', cents: 1234, remittance: 'RE-000042' })).toBe(
      'BCD\n002\n1\nSCT\nCOLSDE33XXX\nKraus Webentwicklung GmbH\nDE85370501980019283746\nEUR12.34\n\n\nRE-000042',
    );
    expect(giroCodePayload({ name: 'A', iban: 'DE85370501980019283746', bic: '', cents: 5, remittance: 'RE-1' }).split('\n')[7]).toBe('EUR0.05');
    expect(giroCodePayload({ name: 'A', iban: 'DE85370501980019283746', bic: '', cents: 123_450, remittance: 'RE-1' }).split('\n')[7]).toBe('EUR1234.50');
  });

  it('refuses amounts a GiroCode cannot carry and over-long texts', () => {
    const base = { name: 'Kraus Webentwicklung GmbH', iban: site.bankAccount.iban, bic: site.bankAccount.bic, remittance: 'RE-000042' };
    expect(() => giroCodePayload({ ...base, cents: 0 })).toThrow(RangeError);
    expect(() => giroCodePayload({ ...base, cents: 12.5 })).toThrow(RangeError);
    expect(() => giroCodePayload({ ...base, cents: 100, name: 'x'.repeat(71) })).toThrow(RangeError);
    expect(() => giroCodePayload({ ...base, cents: 100, remittance: 'x'.repeat(141) })).toThrow(RangeError);
  });
});

describe('countryCode', () => {
  it('maps the names customers type to ISO 3166 codes and refuses to guess', () => {
    expect(countryCode('Deutschland')).toBe('DE');
    expect(countryCode('  österreich ')).toBe('AT');
    expect(countryCode('Schweiz')).toBe('CH');
    expect(countryCode('Tschechische  Republik')).toBe('CZ');
    expect(() => countryCode('Atlantis')).toThrow(/Unbekanntes Land „Atlantis“/);
  });
});

describe('invoiceFiles', () => {
  it('consumer PDF: gross lines, the VAT they contain, § 14 details, bank details and a GiroCode', async () => {
    const invoice = invoiceOf({
      customerType: 'consumer',
      format: 'pdf',
      buyer: consumerBuyer,
      payment: { method: 'transfer' },
      lines: [line({ position: 1, name: 'Domain kraus-beispiel.de (Registrierung)', quantity: 1, unitCents: 1190 }), line({ ...hostingLine, unitCents: 5938, lineCents: 5938 })],
    });
    expect(invoice.totals).toMatchObject({ grossCents: 7128, netCents: 5990, vatCents: 1138 });
    const files = await invoiceFiles(invoice);
    expect(files.map((file) => [file.kind, file.fileName, file.contentType])).toEqual([['pdf', 'Rechnung-RE-000042.pdf', 'application/pdf']]);
    const text = await textOf(files[0]!);
    const sentences = flat(text);
    for (const expected of [
      'Kraus Webentwicklung GmbH',
      'Hansaring 61',
      'USt-IdNr. DE318456202',
      'Amtsgericht Köln HRB 104512',
      'Jürgen Größmann',
      'Am Weißen Steg 3',
      '1010 Wien',
      'Österreich',
      'Rechnung RE-000042',
      'Rechnungsdatum 04.05.2026',
      'Bestellnummer B-2026-000318',
      'Leistungszeitraum 04.05.2026 – 03.06.2026',
      'Zahlbar bis 14.05.2026',
      'Vertrag V-000042, Abrechnungszeitraum 04.05.2026 – 03.06.2026',
      'Rechnungsbetrag (brutto) 71,28 €',
      'enthaltene USt. 19 % auf 59,90 € netto 11,38 €',
      'Nettobetrag 59,90 €',
      'Zahlbar ohne Abzug bis zum 14.05.2026 (10 Tage nach Rechnungseingang)',
      `IBAN ${formatIban(site.bankAccount.iban)}`,
      'Verwendungszweck RE-000042',
      'GiroCode',
    ]) {
      expect(sentences).toContain(expected);
    }
    expect(text).not.toContain('Kundennummer');
    expect(invoiceContent(invoice).giroCode).toEqual({
      payload: giroCodePayload({ name: 'Kraus Webentwicklung GmbH', iban: site.bankAccount.iban, bic: site.bankAccount.bic, cents: 7128, remittance: 'RE-000042' }),
      alt: `GiroCode für die Überweisung von 71,28\u00a0€ an Kraus Webentwicklung GmbH, IBAN ${formatIban(site.bankAccount.iban)}, Verwendungszweck RE-000042`,
    });
    expect(await imageCount(files[0]!.content)).toBe(1);
  });

  it('no GiroCode without a transfer to ask for (PayPal)', async () => {
    const invoice = invoiceOf({ customerType: 'consumer', format: 'pdf', buyer: consumerBuyer, payment: { method: 'paypal' }, lines: [line({ position: 1, name: 'Domain', quantity: 1, unitCents: 1190 })] });
    const [file] = await invoiceFiles(invoice);
    // Paid like a transfer, per invoice (decision 0067): the request names our PayPal address and the invoice number.
    expect(flat(await textOf(file!))).toContain(`Bitte senden Sie 11,90 € per PayPal an ${site.email} und geben Sie die Rechnungsnummer RE-000042 als Verwendungszweck an.`);
    expect(invoiceContent(invoice).giroCode).toBeNull();
    expect(await imageCount(file!.content)).toBe(0);
  });

  it('business Factur-X with SEPA: PDF/A-3 with factur-x.xml (EN 16931), amounts equal to the invoice, the pre-notification on the page', async () => {
    const invoice = invoiceOf({ customerType: 'business', format: 'factur-x', buyer: businessBuyer, payment: sepaPayment, lines: [hostingLine, hoursLine] });
    const files = await invoiceFiles(invoice);
    expect(files.map((file) => [file.kind, file.fileName, file.contentType])).toEqual([['pdf', 'Rechnung-RE-000042.pdf', 'application/pdf']]);
    const facturX = await readFacturX(files[0]!.content);
    expect(facturX.pdfA).toEqual({ part: '3', conformance: 'B', facturXLevel: 'EN 16931', facturXFileName: 'factur-x.xml', hasOutputIntent: true });
    expect(facturX.xmlFile).toMatchObject({ name: 'factur-x.xml', relationship: 'Alternative', mimeType: 'text/xml', inCatalogAf: true });
    const readBack = facturX.invoice;
    expect(readBack).toMatchObject({
      syntax: 'CII',
      customizationId: 'urn:cen.eu:en16931:2017',
      typeCode: '380',
      number: 'RE-000042',
      issueDate: '2026-05-04',
      dueDate: '2026-05-14',
      buyerReference: 'B-2026-000318',
      currency: 'EUR',
      precedingInvoice: null,
      invoicingPeriod: { start: '2026-05-04', end: '2026-06-03' },
      sellerVatId: 'DE318456202',
      sellerEndpoint: { id: 'info@kraus-webentwicklung.de', scheme: 'EM' },
      buyerEndpoint: { id: 'buchhaltung@lindner-maschinenbau.de', scheme: 'EM' },
      paymentMeansCode: '59',
      mandateReference: 'KW-M-000117-01',
      creditorId: 'DE39ZZZ00000104512',
      debitedAccount: 'DE89370400440532013000',
    });
    expect(readBack.lines.map((item) => [item.unitCode, item.period])).toEqual([
      ['C62', { start: '2026-05-04', end: '2026-06-03' }],
      ['HUR', null],
    ]);
    expectAmountsOf(readBack, invoice);

    const text = flat(await textOf(files[0]!));
    for (const expected of [
      'USt-IdNr. DE318456202',
      'Lindner & Söhne Maschinenbau GmbH',
      'Kundennummer K-000117',
      'Ihre USt-IdNr. DE123456788',
      'Rechnungsnummer RE-000042',
      'Leistungszeitraum 04.05.2026 – 03.06.2026',
      'Summe netto 334,90 €',
      'zzgl. USt. 19 % auf 334,90 € 63,63 €',
      'Rechnungsbetrag (brutto) 398,53 €',
      'Vorabankündigung der SEPA-Lastschrift: Wir ziehen den Rechnungsbetrag von 398,53 € am 12.05.2026 von Ihrem Konto DE89 **** **** **** **30 00 ein.',
      'Gläubiger-Identifikationsnummer: DE39ZZZ00000104512, Mandatsreferenz: KW-M-000117-01',
      'factur-x.xml',
    ]) {
      expect(text).toContain(expected);
    }
    expect(await imageCount(files[0]!.content)).toBe(0);
  });

  it('XRechnung CII with Leitweg-ID and transfer: the XML is the invoice, the PDF its reading copy', async () => {
    const invoice = invoiceOf({ customerType: 'business', format: 'xrechnung-cii', buyer: leitwegBuyer, payment: { method: 'transfer' }, lines: [hostingLine, hoursLine, reducedRateLine] });
    const files = await invoiceFiles(invoice);
    expect(files.map((file) => [file.kind, file.fileName, file.contentType])).toEqual([
      ['xml', 'Rechnung-RE-000042.xml', 'application/xml'],
      ['pdf', 'Rechnung-RE-000042.pdf', 'application/pdf'],
    ]);
    const readBack = readEInvoiceXml(files[0]!.content);
    expect(readBack).toMatchObject({
      syntax: 'CII',
      customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
      typeCode: '380',
      buyerReference: '05315-12345-67',
      dueDate: '2026-05-14',
      paymentMeansCode: '58',
      payeeIban: site.bankAccount.iban,
      mandateReference: null,
    });
    expect(readBack.paymentTerms).toContain('Zahlbar ohne Abzug bis zum 14.05.2026');
    expect(readBack.vatBreakdown.map((vat) => vat.percent)).toEqual(['19', '7']);
    expectAmountsOf(readBack, invoice);
    const text = flat(await textOf(files[1]!));
    expect(text).toContain('Lesefassung der XRechnung');
    expect(text).toContain('Rechnung-RE-000042.xml');
    expect(text).toContain('Leitweg-ID 05315-12345-67');
    expect(text).toContain('zzgl. USt. 7 % auf 69,00 € 4,83 €');
  });

  it('XRechnung UBL with Leitweg-ID and PayPal', async () => {
    const invoice = invoiceOf({ customerType: 'business', format: 'xrechnung-ubl', buyer: leitwegBuyer, payment: { method: 'paypal' }, lines: [hoursLine, reducedRateLine] });
    const files = await invoiceFiles(invoice);
    expect(files.map((file) => file.fileName)).toEqual(['Rechnung-RE-000042.xml', 'Rechnung-RE-000042.pdf']);
    const readBack = readEInvoiceXml(files[0]!.content);
    expect(readBack).toMatchObject({ syntax: 'UBL', typeCode: '380', buyerReference: '05315-12345-67', dueDate: '2026-05-14', paymentMeansCode: 'ZZZ', sellerVatId: 'DE318456202' });
    expectAmountsOf(readBack, invoice);
    expect(flat(await textOf(files[1]!))).toContain(`per PayPal an ${site.email} und geben Sie die Rechnungsnummer RE-000042 als Verwendungszweck an.`);
  });

  it('cancellation invoice: a credit note 381 with positive amounts referring to the original, refunds on the page', async () => {
    const cancellation = {
      number: 'RE-000043',
      kind: 'cancellation' as const,
      // Issued after the invoice was debited and paid: the credit goes back (issue 34).
      cancels: { number: 'RE-000042', issuedOn: '2026-04-20', settlement: { kind: 'refund' as const, refundCents: 33_915, offsetCents: 0, debitInFile: false } },
      customerType: 'business' as const,
      buyer: leitwegBuyer,
      payment: sepaPayment,
      lines: [hoursLine],
    };
    for (const format of ['factur-x', 'xrechnung-cii', 'xrechnung-ubl'] as const) {
      const invoice = invoiceOf({ ...cancellation, format });
      const files = await invoiceFiles(invoice);
      const pdf = files.find((file) => file.kind === 'pdf')!;
      expect(pdf.fileName).toBe('Stornorechnung-RE-000043.pdf');
      const xml = files.find((file) => file.kind === 'xml');
      const readBack = xml ? readEInvoiceXml(xml.content) : (await readFacturX(pdf.content)).invoice;
      expect(readBack, format).toMatchObject({ typeCode: '381', number: 'RE-000043', precedingInvoice: { number: 'RE-000042', issueDate: '2026-04-20' } });
      // A credit note states positive amounts: the 381 says they go back.
      expect(readBack.totals.payable).toBe(33_915);
      expectAmountsOf(readBack, invoice);
      const text = flat(await textOf(pdf));
      for (const expected of [
        'Stornorechnung RE-000043',
        'Stornierte Rechnung RE-000042 vom 20.04.2026',
        '-95,00 €',
        '-285,00 €',
        'Erstattungsbetrag (brutto) -339,15 €',
        'Erstattung bis 14.05.2026',
        'per Überweisung auf Ihr Konto DE89 **** **** **** **30 00',
      ]) {
        expect(text, format).toContain(expected);
      }
      expect(text).not.toContain('Vorabankündigung');
    }
  });

  it('a cancellation of a PayPal payment is refunded to the PayPal account', async () => {
    const invoice = invoiceOf({
      number: 'RE-000044',
      kind: 'cancellation',
      cancels: { number: 'RE-000040', issuedOn: '2026-04-02', settlement: { kind: 'refund', refundCents: 1190, offsetCents: 0, debitInFile: false } },
      customerType: 'consumer',
      format: 'pdf',
      buyer: consumerBuyer,
      payment: { method: 'paypal' },
      lines: [line({ position: 1, name: 'Domain', quantity: 1, unitCents: 1190 })],
    });
    const [file] = await invoiceFiles(invoice);
    expect(file!.fileName).toBe('Stornorechnung-RE-000044.pdf');
    const text = flat(await textOf(file!));
    expect(text).toContain('Erstattungsbetrag (brutto) -11,90 €');
    expect(text).toContain('auf Ihr PayPal-Konto');
  });

  it('a long invoice continues its table on the next pages, each with the column heads and a page count', async () => {
    const lines = Array.from({ length: 28 }, (_, index) =>
      line({ position: index + 1, name: `Leistung ${index + 1} mit einem Namen, der in der Spalte umbricht`, contractNumber: 'V-000001', unit: 'period', period: hostingLine.period, quantity: 1, unitCents: 1000 + index }),
    );
    const invoice = invoiceOf({ customerType: 'business', format: 'pdf', buyer: businessBuyer, payment: { method: 'transfer' }, lines });
    const [file] = await invoiceFiles(invoice);
    const { pages } = await pdfText(file!.content);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain('Pos. Leistung Menge');
      expect(page).toContain(`Rechnung RE-000042 · Seite ${index + 1} von ${pages.length}`);
    });
    expect(pages.join('\n')).toContain('Leistung 28 mit');
  });

  it('reverse charge (decision 0056): AE at 0 % with its exemption reason, both VAT IDs and the note of § 14a Abs. 5 UStG on the page', async () => {
    const austrian = { ...businessBuyer, company: 'Alpenblick Software GmbH', street: 'Mariahilfer Straße 1', postalCode: '1060', city: 'Wien', country: 'Österreich', vatId: 'ATU12345675' };
    const lines = [{ ...hostingLine, vatPercent: 0 }, { ...hoursLine, vatPercent: 0 }];
    const invoice = invoiceOf({ customerType: 'business', format: 'factur-x', buyer: austrian, payment: { method: 'transfer' }, lines, taxCase: 'reverse-charge' });
    expect(invoice.totals).toMatchObject({ vatCents: 0, grossCents: invoice.totals.netCents });
    const [file] = await invoiceFiles(invoice);
    const readBack = (await readFacturX(file!.content)).invoice;
    expect(readBack.vatBreakdown).toEqual([
      { category: 'AE', percent: '0', exemptionCode: 'VATEX-EU-AE', exemptionReason: 'Steuerschuldnerschaft des Leistungsempfängers', taxableCents: invoice.totals.netCents, taxCents: 0 },
    ]);
    expect(readBack.lines.map((item) => [item.vatCategory, item.vatPercent])).toEqual([['AE', '0'], ['AE', '0']]);
    expect({ seller: readBack.sellerVatId, buyer: readBack.buyerVatId }).toEqual({ seller: site.vatId, buyer: 'ATU12345675' });
    expect(checkEn16931Arithmetic(readBack)).toEqual([]);
    const text = flat(await textOf(file!));
    for (const expected of [
      'Steuerschuldnerschaft des Leistungsempfängers: Der Ort der Leistung liegt in Ihrem Mitgliedstaat (§ 3a Abs. 2 UStG)',
      `USt-IdNr. ${site.vatId}`,
      'Ihre USt-IdNr. ATU12345675',
      'Steuerschuldnerschaft des Leistungsempfängers, USt. 0 % auf 334,90 € 0,00 €',
      'Rechnungsbetrag (brutto) 334,90 €',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('not taxable in Germany (decision 0056): an O credit note without a rate on its lines and without VAT IDs, the note on the page', async () => {
    const swiss = { ...businessBuyer, company: 'Matterhorn Digital AG', street: 'Bahnhofstrasse 10', postalCode: '8001', city: 'Zürich', country: 'Schweiz', vatId: 'CHE123456788' };
    const invoice = invoiceOf({
      customerType: 'business',
      format: 'xrechnung-ubl',
      kind: 'cancellation',
      cancels: { number: 'RE-000041', issuedOn: '2026-05-01', settlement: { kind: 'refund', refundCents: 28_500, offsetCents: 0, debitInFile: false } },
      buyer: swiss,
      payment: { method: 'transfer' },
      lines: [{ ...hoursLine, vatPercent: 0 }],
      taxCase: 'not-taxable',
    });
    const [xml, pdf] = await invoiceFiles(invoice);
    const readBack = readEInvoiceXml(xml!.content);
    expect(readBack.typeCode).toBe('381');
    expect(readBack.vatBreakdown).toEqual([
      { category: 'O', percent: '0', exemptionCode: 'VATEX-EU-O', exemptionReason: 'Nicht im Inland steuerbare Leistung', taxableCents: invoice.totals.netCents, taxCents: 0 },
    ]);
    expect(readBack.lines.map((item) => [item.vatCategory, item.vatPercent])).toEqual([['O', null]]);
    // BR-O-02: an invoice not subject to VAT names no VAT ID, neither ours nor the buyer's.
    expect({ seller: readBack.sellerVatId, buyer: readBack.buyerVatId }).toEqual({ seller: null, buyer: null });
    expect(checkEn16931Arithmetic(readBack)).toEqual([]);
    expect(flat(await textOf(pdf!))).toContain('Nicht im Inland steuerbare Leistung: Der Ort der Leistung liegt bei Ihnen außerhalb der EU (§ 3a Abs. 2 UStG).');
  });

  it('refuses a rate that does not fit the tax case', async () => {
    const standardAtZero = invoiceOf({ customerType: 'business', format: 'factur-x', buyer: businessBuyer, payment: { method: 'transfer' }, lines: [{ ...hoursLine, vatPercent: 0 }] });
    await expect(invoiceFiles(standardAtZero)).rejects.toThrow(/Umsatzsteuersatz 0 % passt nicht zum Steuerfall domestic/);
    const reverseChargeWithVat = invoiceOf({ customerType: 'business', format: 'factur-x', buyer: businessBuyer, payment: { method: 'transfer' }, lines: [hoursLine], taxCase: 'reverse-charge' });
    await expect(invoiceFiles(reverseChargeWithVat)).rejects.toThrow(/Umsatzsteuersatz 19 % passt nicht zum Steuerfall reverse-charge/);
  });

  it('refuses to guess a country or to write a gross-basis e-invoice', async () => {
    const unknownCountry = invoiceOf({ customerType: 'business', format: 'xrechnung-cii', buyer: { ...businessBuyer, country: 'Atlantis' }, payment: { method: 'transfer' }, lines: [hoursLine] });
    await expect(invoiceFiles(unknownCountry)).rejects.toThrow(/Unbekanntes Land „Atlantis“/);
    const gross = invoiceOf({ customerType: 'consumer', format: 'factur-x', buyer: consumerBuyer, payment: { method: 'transfer' }, lines: [hoursLine] });
    await expect(invoiceFiles(gross)).rejects.toThrow(/Nettobasis/);
  });
});

describe('checkEn16931Arithmetic', () => {
  it('reports a changed total, a changed line and a wrong VAT amount', async () => {
    const invoice = invoiceOf({ customerType: 'business', format: 'xrechnung-cii', buyer: leitwegBuyer, payment: { method: 'transfer' }, lines: [hostingLine, hoursLine] });
    const xml = new TextDecoder().decode((await invoiceFiles(invoice))[0]!.content);
    expect(checkEn16931Arithmetic(readEInvoiceXml(xml))).toEqual([]);

    const payable = xml.replace('<ram:DuePayableAmount>398.53</ram:DuePayableAmount>', '<ram:DuePayableAmount>398.35</ram:DuePayableAmount>');
    expect(payable).not.toBe(xml);
    expect(checkEn16931Arithmetic(readEInvoiceXml(payable)).map((violation) => violation.rule)).toEqual(['BR-CO-16']);

    const lineAmount = xml.replace('<ram:LineTotalAmount>285.00</ram:LineTotalAmount>', '<ram:LineTotalAmount>258.00</ram:LineTotalAmount>');
    expect(lineAmount).not.toBe(xml);
    expect(checkEn16931Arithmetic(readEInvoiceXml(lineAmount)).map((violation) => violation.rule)).toEqual(['BR-CO-10', 'BR-S-08']);

    const vat = xml.replace('<ram:CalculatedAmount>63.63</ram:CalculatedAmount>', '<ram:CalculatedAmount>63.64</ram:CalculatedAmount>');
    expect(vat).not.toBe(xml);
    expect(checkEn16931Arithmetic(readEInvoiceXml(vat)).map((violation) => violation.rule)).toEqual(['BR-CO-14', 'BR-CO-17']);
  });
});
