import { site } from '../../config/site.ts';
import { controllerNameAndAddress, type AgreementController } from '../../lib/av-agreement.ts';
import { avRequestSummary, type AvRequest } from '../../lib/schemas/forms/av-request.ts';
import type { Db, Queryable } from '../db/index.ts';
import { agreementPdf } from './av-agreement.ts';
import { receiptAndNotification } from './receipt-mails.ts';
import { insertRecord, storeSubmission } from './submission.ts';

/**
 * A request for the data-processing agreement (docs/decisions/0036-av-agreement.md): stored
 * always; the agreement, filled in with the customer's record, goes only to the address on
 * record, and only when customer number and postal code belong together. Whoever asks learns
 * nothing from the answer: it is the same 201 { id, receivedAt } either way.
 */

interface CustomerOnRecord {
  email: string;
  name: string;
  controller: AgreementController;
}

/** '506 67', '50667 ' and '50667' are the same postal code; so are 'sw1a 1aa' and 'SW1A 1AA'. */
const comparablePostalCode = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/**
 * The customer behind the number: a customer account with a confirmed address (only then is it
 * the customer's own, decision 0029) and the address of its latest order, which must have the
 * postal code given. Anything else – no such number, an agent, an unconfirmed address, no order
 * yet, another postal code – is no customer on record.
 */
async function customerOnRecord(db: Queryable, request: AvRequest): Promise<CustomerOnRecord | null> {
  const { rows } = await db.query<{ email: string; company: string | null; name: string; street: string; postal_code: string; city: string; country: string }>(
    `SELECT u.email, o.company, o.name, o.street, o.postal_code, o.city, o.country
       FROM users u
       JOIN LATERAL (SELECT company, name, street, postal_code, city, country FROM orders
                      WHERE user_id = u.id ORDER BY id DESC LIMIT 1) o ON true
      WHERE u.customer_number = $1 AND u.user_type = 'customer' AND u.email_verified_at IS NOT NULL`,
    [request.customerId],
  );
  const record = rows[0];
  if (!record || comparablePostalCode(record.postal_code) !== comparablePostalCode(request.postalCode)) return null;
  return {
    email: record.email,
    name: record.name,
    controller: {
      nameAndAddress: controllerNameAndAddress({ ...record, postalCode: record.postal_code }),
      customerNumber: request.customerId,
    },
  };
}

export function createAvRequest(db: Db, cookies: Map<string, string>, request: AvRequest, origin: string) {
  return storeSubmission(db, {
    cookies,
    security: request,
    store: async (tx) => {
      const customer = await customerOnRecord(tx, request);
      const record = await insertRecord(
        tx,
        'INSERT INTO av_requests (customer_id, postal_code, email) VALUES ($1, $2, $3) RETURNING id, received_at',
        [request.customerId, request.postalCode, customer?.email ?? null],
      );
      // Issued on the day of receipt; drawn here, since the mails are queued in this transaction.
      const delivery = customer ? { customer, agreement: await agreementPdf(customer.controller, record.receivedAt, origin) } : null;
      return { ...record, delivery };
    },
    mails: ({ delivery, ...record }) =>
      delivery
        ? receiptAndNotification({
            record,
            name: delivery.customer.name,
            email: delivery.customer.email,
            summary: [...avRequestSummary(request), ['Auftraggeber', delivery.customer.controller.nameAndAddress]],
            receipt: {
              subject: 'Ihr Vertrag zur Auftragsverarbeitung (AV-Vertrag)',
              intro: 'anbei erhalten Sie unseren Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO, ausgestellt auf die Angaben in unseren Kundendaten.',
              outro: [
                'Bitte prüfen Sie den Vertrag, unterschreiben Sie ihn und senden Sie ihn an uns zurück – per E-Mail oder Post. Stimmen Name oder Anschrift nicht mehr, teilen Sie uns bitte die richtigen Angaben mit; wir senden Ihnen dann einen berichtigten Vertrag.',
              ],
              attachments: [delivery.agreement],
            },
            notification: { to: site.email, subject: `AV-Vertrag versandt: Kundennummer ${request.customerId}`, intro: 'Neue Anforderung des AV-Vertrags' },
          })
        : [],
    // The address on record, confirmed by its owner, and a text of ours: not a visitor mail the
    // daily cap is for. Capping it would also tell a script, through confirmationMailed, that a
    // number and postal code matched.
    confirmedRecipient: ({ delivery }) => delivery?.customer.email,
  });
}
