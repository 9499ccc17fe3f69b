import { describe, expect, it } from 'vitest';
import type { AccountInvoice } from '../../../../src/features/billing/overview.ts';
import { invoiceAmountLines, invoiceDocumentLabel, invoiceKindText, invoiceStateText, servicePeriodText } from '../../../../src/features/billing/texts.ts';

/** Issue 24: how the customer area words an invoice (its state: tests/unit/features/billing/state.test.ts). */

const invoice: AccountInvoice = {
  number: 'RE-000042',
  kind: 'invoice',
  cancels: null,
  orderNumber: 'KW-000007',
  issuedOn: '2026-11-25',
  dueOn: '2026-12-05',
  servicePeriod: { start: '2026-11-25', end: '2027-05-24' },
  customerType: 'consumer',
  format: 'pdf',
  netCents: 45378,
  vatCents: 8622,
  grossCents: 54000,
  state: 'open',
  openCents: 54000,
  documents: ['pdf'],
};

describe('the texts of an invoice', () => {
  it('names the kind, and for a cancellation invoice the invoice it corrects', () => {
    expect(invoiceKindText(invoice)).toBe('Rechnung');
    expect(invoiceKindText({ kind: 'cancellation', cancels: 'RE-000041' })).toBe('Stornorechnung zu RE-000041');
  });

  it('writes the service period in German dates, a one-off service as its day', () => {
    expect(servicePeriodText(invoice)).toBe('25.11.2026 – 24.05.2027');
    expect(servicePeriodText({ servicePeriod: { start: '2026-11-25', end: '2026-11-25' } })).toBe('25.11.2026');
  });

  it("states a consumer's gross, a business's net and gross, and what a cancellation invoice refunds as negative", () => {
    const plain = (lines: string[]) => lines.map((line) => line.replace(/\u00a0/g, ' '));
    expect(plain(invoiceAmountLines(invoice))).toEqual(['540,00 €']);
    expect(plain(invoiceAmountLines({ ...invoice, customerType: 'business' }))).toEqual(['453,78 € netto', '540,00 € brutto']);
    expect(plain(invoiceAmountLines({ ...invoice, kind: 'cancellation', customerType: 'business' }))).toEqual(['-453,78 € netto', '-540,00 € brutto']);
  });

  it('says the state in German, with the money still to move when it is not the whole amount', () => {
    const plain = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(
      [
        invoice,
        { ...invoice, openCents: 298 },
        { ...invoice, state: 'settled' as const, openCents: 0 },
        { ...invoice, state: 'cancelled' as const, openCents: 0 },
        { ...invoice, kind: 'cancellation' as const, state: 'refund-due' as const, openCents: 53702, grossCents: 53702 },
        { ...invoice, kind: 'cancellation' as const, state: 'refund-due' as const, openCents: 20000 },
        { ...invoice, kind: 'cancellation' as const, state: 'offset' as const, openCents: 0 },
      ].map((shown) => plain(invoiceStateText(shown))),
    ).toEqual(['offen', 'offen: 2,98 €', 'bezahlt', 'storniert', 'Erstattung offen', 'Erstattung offen: 200,00 €', 'verrechnet']);
  });

  it('names each file by what it is for the format', () => {
    expect(invoiceDocumentLabel('pdf', 'pdf')).toBe('PDF');
    expect(invoiceDocumentLabel('pdf', 'factur-x')).toBe('PDF mit E-Rechnung (ZUGFeRD)');
    expect(invoiceDocumentLabel('pdf', 'xrechnung-cii')).toBe('PDF (Lesefassung)');
    expect(invoiceDocumentLabel('xml', 'xrechnung-ubl')).toBe('XRechnung (XML)');
  });
});
