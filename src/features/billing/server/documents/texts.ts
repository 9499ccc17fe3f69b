import { site } from '../../../../config/site.ts';
import { germanDate } from '../../../../lib/forms/dates.ts';
import { formatIban, maskIban } from '../../../../lib/iban.ts';
import { daysBetween } from '../../billing.ts';
import { paypalRequest } from '../../paypal.ts';
import { periodText } from '../../texts.ts';
import { formatEuro } from '../../../../lib/money.ts';
import type { Invoice, InvoiceLine } from '../../invoice.ts';

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

/** 'bis zum 14.05.2026', or for a day already past 'umgehend (fällig seit dem 04.05.2026)'. */
function byDay(dueOn: string, issuedOn: string): string {
  return dueOn >= issuedOn ? `bis zum ${germanDate(dueOn)}` : `umgehend (fällig seit dem ${germanDate(dueOn)})`;
}

/**
 * What a cancellation invoice means for the money, as it stood when it was issued (issue 34,
 * ../../state.ts creditSettlement): a claim not yet paid is settled insofar and only the rest is
 * still to pay; money already received goes back the way it came; a direct debit already handed
 * to the bank is collected as announced and the difference refunded after it.
 */
function cancellationTermsText(invoice: Invoice): string {
  const settlement = invoice.cancels?.settlement;
  // Issuing always knows it (issue.ts); a cancellation invoice without it would promise the wrong thing.
  if (!invoice.cancels || !settlement) throw new Error(`Stornorechnung ${invoice.number}: der Zahlungsstand der stornierten Rechnung fehlt.`);
  const original = invoice.cancels.number;
  const { payment } = invoice;
  if (settlement.kind === 'refund') {
    const way =
      payment.method === 'paypal'
        ? 'auf Ihr PayPal-Konto'
        : payment.method === 'sepa'
          ? `per Überweisung auf Ihr Konto ${maskIban(payment.iban)}, von dem der Betrag per Lastschrift eingezogen wurde`
          : 'per Überweisung auf das Konto, von dem Ihre Zahlung kam';
    const offset =
      settlement.offsetCents > 0 ? `${formatEuro(settlement.offsetCents)} davon verrechnen wir mit dem noch offenen Betrag der Rechnung ${original}. ` : '';
    const refund = `Den Betrag von ${formatEuro(settlement.refundCents)} erstatten wir`;
    if (settlement.debitInFile) {
      return `Die Lastschrift zur Rechnung ${original} ist bereits bei der Bank eingereicht und wird wie angekündigt eingezogen. ${offset}${refund} nach dem Einzug bis zum ${germanDate(invoice.dueOn)} ${way}.`;
    }
    return `${offset}${refund} bis zum ${germanDate(invoice.dueOn)} auf dem Weg, auf dem Sie bezahlt haben: ${way}.`;
  }
  const settled = `Die Stornorechnung mindert unsere noch nicht bezahlte Rechnung ${original} um ${formatEuro(invoice.totals.grossCents)}; insoweit ist die Rechnung beglichen, eine Erstattung entfällt.`;
  if (settlement.remainingCents === 0) {
    return `${settled} Von der Rechnung ${original} ist nichts mehr zu zahlen${payment.method === 'sepa' ? '; die angekündigte Lastschrift entfällt' : ''}.`;
  }
  const remaining = formatEuro(settlement.remainingCents);
  switch (payment.method) {
    case 'transfer':
      return `${settled} Bitte überweisen Sie die verbleibenden ${remaining} ${byDay(settlement.dueOn, invoice.issuedOn)} unter Angabe der Rechnungsnummer ${original} auf das Konto ${formatIban(site.bankAccount.iban)} (BIC ${site.bankAccount.bic}).`;
    case 'sepa':
      return `${settled} Zu zahlen bleiben ${remaining}; wir ziehen sie per SEPA-Lastschrift ein.`;
    case 'paypal':
      return `${settled} Zu zahlen bleiben ${remaining}, die über Ihr PayPal-Konto beglichen werden.`;
  }
}

/** The payment terms (BT-20) and the PDF's first payment sentence. */
export function paymentTermsText(invoice: Invoice): string {
  if (invoice.kind === 'cancellation') return cancellationTermsText(invoice);
  const amount = formatEuro(invoice.totals.grossCents);
  const { payment } = invoice;
  if (invoice.totals.grossCents === 0) return 'Es ist kein Betrag zu zahlen.';
  switch (payment.method) {
    case 'transfer':
      return `${dueText(invoice)} Bitte überweisen Sie ${amount} unter Angabe der Rechnungsnummer ${invoice.number} auf das Konto ${formatIban(site.bankAccount.iban)} (BIC ${site.bankAccount.bic}).`;
    case 'sepa':
      return `Der Betrag von ${amount} wird am ${germanDate(payment.debitOn)} per SEPA-Lastschrift eingezogen (Mandatsreferenz ${payment.mandateReference}, Gläubiger-Identifikationsnummer ${site.sepaCreditorId}).`;
    case 'paypal':
      return `${dueText(invoice)} ${paypalRequest(amount, invoice.number)}`;
  }
}

/** Whether the document promises money back (a cancellation invoice of money received): its payment block is the refund. */
export function refundsMoney(invoice: Invoice): boolean {
  return invoice.kind === 'cancellation' && invoice.cancels?.settlement?.kind === 'refund';
}

/**
 * The SEPA pre-notification (SEPA Core Rulebook): amount, day, creditor identifier, mandate,
 * account – for an invoice's debit, and again when a cancellation invoice changes the amount of a
 * debit not yet handed to the bank (the day stays, unless it is now less than five days away).
 */
export function sepaPreNotification(invoice: Invoice): string | null {
  const { payment } = invoice;
  if (payment.method !== 'sepa') return null;
  const reference = `Gläubiger-Identifikationsnummer: ${site.sepaCreditorId}, Mandatsreferenz: ${payment.mandateReference}. Bitte sorgen Sie für ausreichende Deckung des Kontos.`;
  if (invoice.kind === 'cancellation') {
    const settlement = invoice.cancels?.settlement;
    if (settlement?.kind !== 'offset' || !settlement.debit) return null;
    return (
      `Neue Vorabankündigung der SEPA-Lastschrift zur Rechnung ${invoice.cancels!.number}: Statt des bisher angekündigten Betrags ziehen wir ` +
      `am ${germanDate(settlement.debit.on)} ${formatEuro(settlement.debit.cents)} von Ihrem Konto ${maskIban(payment.iban)} ein. ${reference}`
    );
  }
  if (invoice.totals.grossCents === 0) return null;
  return (
    `Vorabankündigung der SEPA-Lastschrift: Wir ziehen den Rechnungsbetrag von ${formatEuro(invoice.totals.grossCents)} ` +
    `am ${germanDate(payment.debitOn)} von Ihrem Konto ${maskIban(payment.iban)} ein. ${reference}`
  );
}
