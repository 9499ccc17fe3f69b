import { site } from '../../../config/site.ts';
import { germanDate } from '../../../lib/forms/dates.ts';
import { formatIban, maskIban } from '../../../lib/iban.ts';
import { daysBetween } from '../../../lib/invoices/billing.ts';
import { periodText } from '../../../lib/invoices/texts.ts';
import { formatEuro } from '../../../lib/money.ts';
import type { Invoice, InvoiceLine } from '../invoice.ts';

/**
 * The words of an invoice, shared by its PDF and its e-invoice XML (payment terms, line
 * descriptions), so both say the same. Pure: dates 'YYYY-MM-DD' as dd.mm.yyyy, money in de-DE
 * through src/lib/money.ts.
 */

export const documentTitle = (invoice: Invoice): string => (invoice.kind === 'cancellation' ? 'Stornorechnung' : 'Rechnung');

/** 'Rechnung-RE-000042.pdf', 'Stornorechnung-RE-000043.xml': ASCII, so every mail program keeps the name. */
export function invoiceFileName(invoice: Invoice, extension: 'pdf' | 'xml'): string {
  return `${documentTitle(invoice)}-${invoice.number}.${extension}`;
}


/** What a line bills beyond its name: the contract and its billing period; null for a one-off line. */
export function lineDescription(line: InvoiceLine): string | null {
  const parts = [
    ...(line.contractNumber ? [`Vertrag ${line.contractNumber}`] : []),
    ...(line.period ? [`Abrechnungszeitraum ${periodText(line.period)}`] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : null;
}

export function quantityText(line: InvoiceLine): string {
  const quantity = line.quantity.toLocaleString('de-DE');
  return line.unit === 'hour' ? `${quantity} Std.` : quantity;
}

/** 'zahlbar bis' with the days it gives after the invoice (AGB § 4: 10 days after receipt). */
function dueText(invoice: Invoice): string {
  return `Zahlbar ohne Abzug bis zum ${germanDate(invoice.dueOn)} (${daysBetween(invoice.issuedOn, invoice.dueOn) - 1} Tage nach Rechnungseingang).`;
}

/** The payment terms (BT-20) and the PDF's first payment sentence. */
export function paymentTermsText(invoice: Invoice): string {
  const amount = formatEuro(invoice.totals.grossCents);
  const { payment } = invoice;
  if (invoice.kind === 'cancellation') {
    const way =
      payment.method === 'paypal'
        ? 'auf Ihr PayPal-Konto'
        : payment.method === 'sepa'
          ? `per Überweisung auf Ihr Konto ${maskIban(payment.iban)}, von dem der Betrag per Lastschrift eingezogen wurde`
          : 'per Überweisung auf das Konto, von dem Ihre Zahlung kam';
    return `Den Erstattungsbetrag von ${amount} erstatten wir bis zum ${germanDate(invoice.dueOn)} auf dem Weg, auf dem Sie bezahlt haben: ${way}.`;
  }
  if (invoice.totals.grossCents === 0) return 'Es ist kein Betrag zu zahlen.';
  switch (payment.method) {
    case 'transfer':
      return `${dueText(invoice)} Bitte überweisen Sie ${amount} unter Angabe der Rechnungsnummer ${invoice.number} auf das Konto ${formatIban(site.bankAccount.iban)} (BIC ${site.bankAccount.bic}).`;
    case 'sepa':
      return `Der Betrag von ${amount} wird am ${germanDate(payment.debitOn)} per SEPA-Lastschrift eingezogen (Mandatsreferenz ${payment.mandateReference}, Gläubiger-Identifikationsnummer ${site.sepaCreditorId}).`;
    case 'paypal':
      return `Bezahlung per PayPal: Der Betrag von ${amount} wird über Ihr PayPal-Konto beglichen.`;
  }
}

/** The SEPA pre-notification (SEPA Core Rulebook): amount, day, creditor identifier, mandate, account. */
export function sepaPreNotification(invoice: Invoice): string | null {
  const { payment } = invoice;
  if (payment.method !== 'sepa' || invoice.kind !== 'invoice' || invoice.totals.grossCents === 0) return null;
  return (
    `Vorabankündigung der SEPA-Lastschrift: Wir ziehen den Rechnungsbetrag von ${formatEuro(invoice.totals.grossCents)} ` +
    `am ${germanDate(payment.debitOn)} von Ihrem Konto ${maskIban(payment.iban)} ein. ` +
    `Gläubiger-Identifikationsnummer: ${site.sepaCreditorId}, Mandatsreferenz: ${payment.mandateReference}. ` +
    'Bitte sorgen Sie für ausreichende Deckung des Kontos.'
  );
}
