import { site } from '../../../../config/site.ts';
import { germanDate } from '../../../../lib/forms/dates.ts';
import { formatIban } from '../../../../lib/iban.ts';
import { formatEuro, formatVatPercent } from '../../../../lib/money.ts';
import { chargesGermanVat, TAX_CASE_NOTE, taxNoteText } from '../../../../lib/tax-case.ts';
import type { Invoice } from '../../invoice.ts';
import { giroCodePayload } from './giro-code.ts';
import { periodText } from '../../texts.ts';
import { documentTitle, invoiceFileName, lineDescription, paymentTermsText, quantityText, refundsMoney, sepaPreNotification } from './texts.ts';

/**
 * What an invoice PDF says (§ 14 Abs. 4 UStG), as plain data: ./pdf-invoice.ts draws it, tests
 * read it. Consumers see gross amounts with the VAT they contain, businesses net amounts plus VAT
 * (src/lib/prices/amounts.ts: the invoice's lines are already in its price basis). A cancellation
 * invoice shows its lines as refunds, negative.
 */

interface Row {
  label: string;
  value: string;
}

export interface TableRow {
  position: string;
  name: string;
  /** Contract and billing period; null for one-off lines. */
  description: string | null;
  quantity: string;
  unitPrice: string;
  vat: string;
  amount: string;
}

export interface TotalRow extends Row {
  bold?: boolean;
}

export interface InvoiceContent {
  title: string;
  subject: string;
  /** Under the title: Factur-X or XRechnung reading-copy note, the cancelled invoice. */
  notes: string[];
  senderLine: string;
  buyerLines: string[];
  sellerLines: string[];
  facts: Row[];
  /** Heads the price column: 'Brutto' or 'Netto'. */
  basisLabel: string;
  table: TableRow[];
  totals: TotalRow[];
  paymentHeading: string;
  payment: string[];
  bankRows: Row[];
  /** The EPC payload when the invoice asks for a transfer, with what it says for a screen reader; null otherwise. */
  giroCode: { payload: string; alt: string } | null;
  footer: string;
}

function buyerLines(invoice: Invoice): string[] {
  const { buyer } = invoice;
  return [
    ...(buyer.company ? [buyer.company] : []),
    buyer.name,
    buyer.street,
    `${buyer.postalCode} ${buyer.city}`,
    // A domestic letter names no country (DIN 5008); the seller is in Germany.
    ...(buyer.country.trim() === site.address.country ? [] : [buyer.country.trim()]),
  ];
}

function sellerLines(): string[] {
  return [
    site.name,
    site.address.street,
    `${site.address.postalCode} ${site.address.city}`,
    `Telefon ${site.phoneDisplay}`,
    site.email,
    `USt-IdNr. ${site.vatId}`,
  ];
}

function notes(invoice: Invoice): string[] {
  const result: string[] = [];
  if (invoice.cancels) {
    result.push(`Diese Stornorechnung storniert die folgenden Positionen der Rechnung ${invoice.cancels.number} vom ${germanDate(invoice.cancels.issuedOn)}; die Beträge werden Ihnen erstattet.`);
  }
  // § 14a Abs. 5 UStG: the words 'Steuerschuldnerschaft des Leistungsempfängers' on a reverse-charge invoice.
  const taxNote = taxNoteText(invoice.taxCase);
  if (taxNote) result.push(taxNote);
  if (invoice.format === 'factur-x') {
    result.push('E-Rechnung im Format ZUGFeRD / Factur-X (Profil EN 16931): Die Rechnungsdaten sind als XML-Datei factur-x.xml in dieses PDF eingebettet.');
  }
  if (invoice.format === 'xrechnung-cii' || invoice.format === 'xrechnung-ubl') {
    const syntax = invoice.format === 'xrechnung-cii' ? 'CII' : 'UBL';
    result.push(
      `Lesefassung der XRechnung: Rechtlich maßgeblich ist die elektronische Rechnung ${invoiceFileName(invoice, 'xml')} (XRechnung, Syntax ${syntax}); dieses PDF gibt ihren Inhalt zum Lesen wieder.`,
    );
  }
  return result;
}

function facts(invoice: Invoice): Row[] {
  const { buyer } = invoice;
  return [
    // A cancellation invoice is an invoice too (§ 14 UStG): the same labels, from the one number range.
    { label: 'Rechnungsnummer', value: invoice.number },
    { label: 'Rechnungsdatum', value: germanDate(invoice.issuedOn) },
    ...(invoice.cancels ? [{ label: 'Stornierte Rechnung', value: `${invoice.cancels.number} vom ${germanDate(invoice.cancels.issuedOn)}` }] : []),
    { label: 'Bestellnummer', value: invoice.orderNumber },
    ...(buyer.customerNumber ? [{ label: 'Kundennummer', value: buyer.customerNumber }] : []),
    ...(buyer.vatId ? [{ label: 'Ihre USt-IdNr.', value: buyer.vatId }] : []),
    ...(buyer.leitwegId ? [{ label: 'Leitweg-ID', value: buyer.leitwegId }] : []),
    { label: 'Leistungszeitraum', value: periodText(invoice.servicePeriod) },
    // A cancellation invoice of an unpaid invoice pays nothing back: no refund day (issue 34).
    ...(invoice.kind === 'invoice' ? [{ label: 'Zahlbar bis', value: germanDate(invoice.dueOn) }] : []),
    ...(refundsMoney(invoice) ? [{ label: 'Erstattung bis', value: germanDate(invoice.dueOn) }] : []),
  ];
}

function table(invoice: Invoice): TableRow[] {
  const sign = invoice.kind === 'cancellation' ? -1 : 1;
  return invoice.lines.map((line) => ({
    position: String(line.position),
    name: line.name,
    description: lineDescription(line),
    quantity: quantityText(line),
    unitPrice: formatEuro(sign * line.unitCents),
    vat: formatVatPercent(line.vatPercent),
    amount: formatEuro(sign * line.lineCents),
  }));
}

function totals(invoice: Invoice): TotalRow[] {
  const sign = invoice.kind === 'cancellation' ? -1 : 1;
  const { totals: amount } = invoice;
  const totalLabel = invoice.kind === 'cancellation' ? 'Erstattungsbetrag' : 'Rechnungsbetrag';
  if (invoice.priceBasis === 'gross') {
    return [
      { label: `${totalLabel} (brutto)`, value: formatEuro(sign * amount.grossCents), bold: true },
      ...amount.byRate.map((share) => ({
        label: `enthaltene USt. ${formatVatPercent(share.percent)} auf ${formatEuro(sign * share.netCents)} netto`,
        value: formatEuro(sign * share.vatCents),
      })),
      { label: 'Nettobetrag', value: formatEuro(sign * amount.netCents) },
    ];
  }
  // Without German VAT the 0 % row names why (decision 0056).
  const vatLabel = chargesGermanVat(invoice.taxCase) ? 'zzgl. USt.' : `${TAX_CASE_NOTE[invoice.taxCase]}, USt.`;
  return [
    { label: 'Summe netto', value: formatEuro(sign * amount.netCents) },
    ...amount.byRate.map((share) => ({
      label: `${vatLabel} ${formatVatPercent(share.percent)} auf ${formatEuro(sign * share.netCents)}`,
      value: formatEuro(sign * share.vatCents),
    })),
    { label: `${totalLabel} (brutto)`, value: formatEuro(sign * amount.grossCents), bold: true },
  ];
}

/** The transfer the invoice asks for: bank rows and GiroCode, only for an invoice with something to pay by transfer. */
function asksForTransfer(invoice: Invoice): boolean {
  return invoice.kind === 'invoice' && invoice.payment.method === 'transfer' && invoice.totals.grossCents > 0;
}

function paymentTexts(invoice: Invoice): string[] {
  const preNotification = sepaPreNotification(invoice);
  return [
    paymentTermsText(invoice),
    ...(preNotification ? [preNotification] : []),
    ...(invoice.kind === 'invoice' && invoice.payment.method === 'paypal' ? ['Bitte überweisen Sie den Betrag nicht zusätzlich.'] : []),
  ];
}

export function invoiceContent(invoice: Invoice): InvoiceContent {
  const title = documentTitle(invoice);
  const transfer = asksForTransfer(invoice);
  return {
    title: `${title} ${invoice.number}`,
    subject: `${title} ${invoice.number} vom ${germanDate(invoice.issuedOn)} zur Bestellung ${invoice.orderNumber}, ${site.name}`,
    notes: notes(invoice),
    senderLine: `${site.name} · ${site.address.street} · ${site.address.postalCode} ${site.address.city}`,
    buyerLines: buyerLines(invoice),
    sellerLines: sellerLines(),
    facts: facts(invoice),
    basisLabel: invoice.priceBasis === 'gross' ? 'Brutto' : 'Netto',
    table: table(invoice),
    totals: totals(invoice),
    paymentHeading: refundsMoney(invoice) ? 'Erstattung' : 'Zahlung',
    payment: paymentTexts(invoice),
    bankRows: transfer
      ? [
          { label: 'Kontoinhaber', value: site.name },
          { label: 'IBAN', value: formatIban(site.bankAccount.iban) },
          { label: 'BIC', value: site.bankAccount.bic },
          { label: 'Bank', value: site.bankAccount.bankName },
          { label: 'Betrag', value: formatEuro(invoice.totals.grossCents) },
          { label: 'Verwendungszweck', value: invoice.number },
        ]
      : [],
    giroCode: transfer
      ? {
          payload: giroCodePayload({ name: site.name, iban: site.bankAccount.iban, bic: site.bankAccount.bic, cents: invoice.totals.grossCents, remittance: invoice.number }),
          alt: `GiroCode für die Überweisung von ${formatEuro(invoice.totals.grossCents)} an ${site.name}, IBAN ${formatIban(site.bankAccount.iban)}, Verwendungszweck ${invoice.number}`,
        }
      : null,
    footer: `${site.name} · Geschäftsführer: ${site.managingDirector} · ${site.register.court} ${site.register.number} · USt-IdNr. ${site.vatId}`,
  };
}
