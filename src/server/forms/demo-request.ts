import { site } from '../../config/site.ts';
import { demoRequestSummary, type DemoRequest } from '../../lib/schemas/forms/demo-request.ts';
import type { Db } from '../db/index.ts';
import { receiptAndNotification } from './receipt-mails.ts';
import { insertRecord, storeSubmission } from './submission.ts';

const INSERT_DEMO_REQUEST = `INSERT INTO demo_requests (name, email, company, product, preferred_date) VALUES ($1, $2, $3, $4, $5::date)
  RETURNING id, received_at`;

/** A demo request: stored, receipt to the sender (answer within 48 hours), copy to the inquiry mailbox. */
export function createDemoRequest(db: Db, cookies: Map<string, string>, request: DemoRequest) {
  return storeSubmission(db, {
    cookies,
    security: request,
    store: (tx) => insertRecord(tx, INSERT_DEMO_REQUEST, [request.name, request.email, request.company, request.product, request.preferred_date]),
    mails: (record) =>
      receiptAndNotification({
        record,
        name: request.name,
        email: request.email,
        summary: demoRequestSummary(request),
        receipt: {
          subject: `Ihre Demo-Anfrage bei ${site.name}`,
          intro: 'vielen Dank für Ihre Demo-Anfrage. Wir melden uns innerhalb von 48 Stunden bei Ihnen.',
          outro: [],
        },
        notification: { to: site.inquiryEmail, subject: `Demo-Anfrage Nr. ${record.id} von ${request.company}`, intro: 'Neue Demo-Anfrage' },
      }),
  });
}
