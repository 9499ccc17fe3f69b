import { describe, expect, it } from 'vitest';
import { invoiceStatus, type AccountInvoice } from '../../../src/lib/invoices/overview.ts';
import { invoiceAmountLines, invoiceDocumentLabel, invoiceKindText, invoiceStatusText, servicePeriodText } from '../../../src/lib/invoices/texts.ts';

/** Issue 24: how the customer area words an invoice and works out where it stands. */

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
  status: 'open',
  documents: ['pdf'],
};

describe('invoiceStatus', () => {
  it('is open until a payment is recorded, cancelled once cancellation invoices refund the whole gross, also after a payment', () => {
    expect(invoiceStatus({ kind: 'invoice', grossCents: 54000, paid: false, refundedCents: null })).toBe('open');
    expect(invoiceStatus({ kind: 'invoice', grossCents: 54000, paid: true, refundedCents: null })).toBe('paid');
    expect(invoiceStatus({ kind: 'invoice', grossCents: 54000, paid: false, refundedCents: 20000 })).toBe('open');
    expect(invoiceStatus({ kind: 'invoice', grossCents: 54000, paid: true, refundedCents: 20000 })).toBe('paid');
    expect(invoiceStatus({ kind: 'invoice', grossCents: 54000, paid: false, refundedCents: 54000 })).toBe('cancelled');
    expect(invoiceStatus({ kind: 'invoice', grossCents: 54000, paid: true, refundedCents: 54000 })).toBe('cancelled');
  });

  it('takes an invoice of 0,00 € without a cancellation for open, and gives a cancellation invoice none', () => {
    expect(invoiceStatus({ kind: 'invoice', grossCents: 0, paid: false, refundedCents: null })).toBe('open');
    expect(invoiceStatus({ kind: 'cancellation', grossCents: 54000, paid: false, refundedCents: null })).toBeNull();
  });
});

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

  it('says the status in German', () => {
    expect([invoiceStatusText(invoice), invoiceStatusText({ status: 'paid' }), invoiceStatusText({ status: 'cancelled' }), invoiceStatusText({ status: null })]).toEqual([
      'offen',
      'bezahlt',
      'storniert',
      'entfällt',
    ]);
  });

  it('names each file by what it is for the format', () => {
    expect(invoiceDocumentLabel('pdf', 'pdf')).toBe('PDF');
    expect(invoiceDocumentLabel('pdf', 'factur-x')).toBe('PDF mit E-Rechnung (ZUGFeRD)');
    expect(invoiceDocumentLabel('pdf', 'xrechnung-cii')).toBe('PDF (Lesefassung)');
    expect(invoiceDocumentLabel('xml', 'xrechnung-ubl')).toBe('XRechnung (XML)');
  });
});
