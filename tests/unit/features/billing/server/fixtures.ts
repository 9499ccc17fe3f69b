import { grossToNet, netToGross } from '../../../../../src/lib/money.ts';
import { amountOf } from '../../../../../src/lib/prices/amounts.ts';
import type { Invoice, InvoiceBuyer, InvoiceLine, InvoicePayment } from '../../../../../src/features/billing/invoice.ts';

/** Invoices as the billing (issue 24) issues them, for the document tests. */

export const businessBuyer: InvoiceBuyer = {
  name: 'Petra Lindner',
  company: 'Lindner & Söhne Maschinenbau GmbH',
  street: 'Industriestraße 12',
  postalCode: '40210',
  city: 'Düsseldorf',
  country: 'Deutschland',
  email: 'buchhaltung@lindner-maschinenbau.de',
  vatId: 'DE123456788',
  leitwegId: null,
  customerNumber: 'K-000117',
};

export const consumerBuyer: InvoiceBuyer = {
  name: 'Jürgen Größmann',
  company: null,
  street: 'Am Weißen Steg 3',
  postalCode: '1010',
  city: 'Wien',
  country: 'Österreich',
  email: 'juergen.groessmann@example.at',
  vatId: null,
  leitwegId: null,
  customerNumber: null,
};

export function line(overrides: Partial<InvoiceLine> & Pick<InvoiceLine, 'position' | 'name' | 'quantity' | 'unitCents'>): InvoiceLine {
  return {
    orderPosition: overrides.position,
    contractNumber: null,
    unit: 'once',
    period: null,
    vatPercent: 19,
    lineCents: overrides.quantity * overrides.unitCents,
    // A consumer's gross line; invoiceOf gives a business line (net) its gross.
    lineGrossCents: overrides.quantity * overrides.unitCents,
    ...overrides,
  };
}

export interface InvoiceInput {
  number?: string;
  kind?: Invoice['kind'];
  cancels?: Invoice['cancels'];
  customerType: Invoice['customerType'];
  format: Invoice['format'];
  buyer: InvoiceBuyer;
  payment: InvoicePayment;
  lines: InvoiceLine[];
  taxCase?: Invoice['taxCase'];
}

export function invoiceOf(input: InvoiceInput): Invoice {
  const priceBasis = input.customerType === 'consumer' ? 'gross' : 'net';
  const lines = input.lines.map((item) => ({ ...item, lineGrossCents: priceBasis === 'gross' ? item.lineCents : netToGross(item.lineCents, item.vatPercent) }));
  return {
    number: input.number ?? 'RE-000042',
    kind: input.kind ?? 'invoice',
    cancels: input.cancels ?? null,
    orderNumber: 'B-2026-000318',
    issuedOn: '2026-05-04',
    dueOn: '2026-05-14',
    servicePeriod: { start: '2026-05-04', end: '2026-06-03' },
    customerType: input.customerType,
    priceBasis,
    taxCase: input.taxCase ?? 'domestic',
    format: input.format,
    buyer: input.buyer,
    payment: input.payment,
    lines,
    totals: amountOf(
      lines.map((item) => ({ netCents: priceBasis === 'net' ? item.lineCents : grossToNet(item.lineCents, item.vatPercent), grossCents: item.lineGrossCents, vatPercent: item.vatPercent })),
      priceBasis,
    ),
  };
}

export const hostingLine = line({
  position: 1,
  name: 'Webapp-Hosting Basis (monatlich)',
  contractNumber: 'V-000042',
  unit: 'period',
  period: { start: '2026-05-04', end: '2026-06-03' },
  quantity: 1,
  unitCents: 4990,
});

export const hoursLine = line({ position: 2, name: 'Entwicklerstunden Senior', unit: 'hour', quantity: 3, unitCents: 9500 });

export const sepaPayment: InvoicePayment = { method: 'sepa', mandateReference: 'KW-M-000117-01', iban: 'DE89 3704 0044 0532 0130 00', debitOn: '2026-05-12' };
