import { site } from '../../../config/site.ts';
import { germanDate } from '../../../lib/forms/dates.ts';
import { formatEuro } from '../../../lib/money.ts';
import { taxNoteText } from '../../../lib/tax-case.ts';
import type { OutgoingMail } from '../../../server/mail/index.ts';
import { letterText } from '../../../server/mail/letter.ts';
import { invoiceContent } from './documents/content.ts';
import { periodText } from '../texts.ts';
import { paymentTermsText, sepaPreNotification } from './documents/texts.ts';
import type { Invoice, InvoiceFile } from '../invoice.ts';

/**
 * The mail an invoice goes out with (decision 0052): the invoice's documents attached, what is to
 * pay by when and how, and for a direct debit the pre-notification the SEPA rules require (amount,
 * debit day, creditor identifier, mandate reference; AGB § 4: at least five days ahead – the debit
 * day is the due day, ten days after the mail).
 */

/**
 * What to pay by when and how – for a cancellation invoice, what it means for the money as it stood
 * at issue (settled insofar, refunded, or a debit changed) – in the words of the document itself
 * (documents/texts.ts), and for a direct debit the (new) pre-notification.
 */
function paymentLines(invoice: Invoice): string[] {
  const notice = sepaPreNotification(invoice);
  return [
    paymentTermsText(invoice),
    ...(notice ? ['', notice] : []),
    ...(invoiceContent(invoice).giroCode ? ['Mit dem GiroCode auf der Rechnung füllt Ihre Banking-App die Überweisung aus.'] : []),
  ];
}

function formatLines(invoice: Invoice, files: readonly InvoiceFile[]): string[] {
  if (files.some((file) => file.kind === 'xml')) {
    return [`Die Rechnung liegt als XRechnung (${files.find((file) => file.kind === 'xml')!.fileName}) bei; das PDF ist eine Lesefassung.`];
  }
  if (invoice.format === 'factur-x') return ['Die Rechnung ist eine E-Rechnung im Format ZUGFeRD/Factur-X (EN 16931): das PDF enthält die Rechnungsdaten als XML.'];
  return [];
}

export function invoiceMail(invoice: Invoice, files: readonly InvoiceFile[], origin: string): OutgoingMail {
  const amount = formatEuro(invoice.totals.grossCents);
  const subject =
    invoice.kind === 'invoice'
      ? `Ihre Rechnung ${invoice.number} zur Bestellung ${invoice.orderNumber}`
      : `Stornorechnung ${invoice.number} zu Ihrer Rechnung ${invoice.cancels!.number}`;
  const intro =
    invoice.kind === 'invoice'
      ? `anbei erhalten Sie unsere Rechnung ${invoice.number} vom ${germanDate(invoice.issuedOn)} über ${amount} zur Bestellung ${invoice.orderNumber} (Leistungszeitraum ${periodText(invoice.servicePeriod)}).`
      : `anbei erhalten Sie die Stornorechnung ${invoice.number} vom ${germanDate(invoice.issuedOn)} über ${amount} zu unserer Rechnung ${invoice.cancels!.number} vom ${germanDate(invoice.cancels!.issuedOn)}.`;
  const taxNote = taxNoteText(invoice.taxCase);
  return {
    to: invoice.buyer.email,
    subject,
    text: letterText(invoice.buyer.name, [
      intro,
      ...(taxNote ? ['', taxNote] : []),
      '',
      ...paymentLines(invoice),
      ...formatLines(invoice, files).flatMap((line) => ['', line]),
      '',
      `Alle Rechnungen finden Sie auch in Ihrem Kundenbereich: ${origin}/kundenbereich`,
    ]),
    attachments: files.map((file) => ({
      filename: file.fileName,
      contentType: file.contentType,
      content: Buffer.from(file.content).toString('base64'),
      encoding: 'base64' as const,
    })),
  };
}

/**
 * An invoice mail the daily cap held back (decision 0063) goes to the company instead, with its
 * documents, headed by the request to send it by hand: the customer was told on the order's page
 * that the confirmation follows after a look, and the invoice with it.
 */
export function heldBackInvoiceMail(mail: OutgoingMail): OutgoingMail {
  const notice =
    `Bitte von Hand senden: Diese Rechnung an ${mail.to} ging nicht hinaus, weil diese Adresse in den letzten 24 Stunden schon ` +
    'die Höchstzahl an Mails erhalten hat, die Besucher auslösen können (Entscheidung 0063). Bitte prüfen Sie die Bestellung ' +
    'und leiten Sie diese E-Mail mit ihren Anhängen ab der Zeile „Guten Tag“ an den Kunden weiter.';
  return { ...mail, to: site.email, replyTo: mail.to, subject: `Von Hand senden: ${mail.subject}`, text: `${notice}\n\n${mail.text}` };
}
