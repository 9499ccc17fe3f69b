import { site } from '../../config/site.ts';
import { PAYMENT_DAYS } from './terms.ts';

/**
 * PayPal as we offer it, in one place (issue 35, decision 0067): there is no PayPal checkout. Like
 * a transfer, each invoice is paid within the payment days, sent by the customer to our PayPal
 * address with the invoice number; the services start as with every other payment method, not
 * when the money arrives. The checkout, the success page, the order mail, the invoice and the AGB
 * say so with these words.
 */
export const PAYPAL_RECIPIENT = site.email;

/** What the customer does with each invoice, for the checkout and the order mail. */
export const PAYPAL_PROCEDURE = `Sie erhalten eine Rechnung und senden den Betrag innerhalb von ${PAYMENT_DAYS} Tagen nach Erhalt per PayPal an ${PAYPAL_RECIPIENT}, mit der Rechnungsnummer als Verwendungszweck.`;

/** The payment request of one invoice. */
export function paypalRequest(amount: string, invoiceNumber: string): string {
  return `Bitte senden Sie ${amount} per PayPal an ${PAYPAL_RECIPIENT} und geben Sie die Rechnungsnummer ${invoiceNumber} als Verwendungszweck an.`;
}
