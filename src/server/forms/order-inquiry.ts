import { site } from '../../config/site.ts';
import { orderInquirySummary, type OrderInquiry } from '../../lib/schemas/forms/order-inquiry.ts';
import type { Db } from '../db/index.ts';
import { receiptAndNotification } from './receipt-mails.ts';
import { insertRecord, storeSubmission } from './submission.ts';

const INSERT_ORDER_INQUIRY = `INSERT INTO order_inquiries (name, email, customer_id, inquiry, maximum_budget_cents, topic, rental_or_purchase, features,
    user_documentation, source_code_documentation, admin_documentation, interested_in, service_level_agreement, bugfixing, testing)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9, $10, $11, $12, $13, $14, $15)
  RETURNING id, received_at`;

/** An order inquiry: stored, receipt to the sender (answer within 48 hours), copy to the inquiry mailbox. */
export function createOrderInquiry(db: Db, cookies: Map<string, string>, inquiry: OrderInquiry) {
  return storeSubmission(db, {
    cookies,
    security: inquiry,
    store: (tx) =>
      insertRecord(tx, INSERT_ORDER_INQUIRY, [
        inquiry.name,
        inquiry.email,
        inquiry.customer_id,
        inquiry.inquiry,
        inquiry.maximum_budget,
        inquiry.topic,
        inquiry.rental_or_purchase,
        inquiry.features,
        inquiry.user_documentation,
        inquiry.source_code_documentation,
        inquiry.admin_documentation,
        inquiry.interested_in,
        inquiry.service_level_agreement,
        inquiry.bugfixing,
        inquiry.testing,
      ]),
    mails: (record) =>
      receiptAndNotification({
        record,
        name: inquiry.name,
        email: inquiry.email,
        summary: orderInquirySummary(inquiry),
        receipt: {
          subject: `Ihre Auftragsanfrage bei ${site.name}`,
          intro: 'vielen Dank für Ihre Auftragsanfrage. Wir melden uns innerhalb von 48 Stunden bei Ihnen.',
          outro: [],
        },
        notification: { to: site.inquiryEmail, subject: `Auftragsanfrage Nr. ${record.id} von ${inquiry.name}`, intro: 'Neue Auftragsanfrage' },
      }),
  });
}
