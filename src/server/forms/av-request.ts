import { site } from '../../config/site.ts';
import { avRequestSummary, type AvRequest } from '../../lib/schemas/forms/av-request.ts';
import type { Db } from '../db/index.ts';
import { agreementDocument } from './av-agreement.ts';
import { receiptAndNotification } from './letters.ts';
import { storeSubmission } from './submission.ts';

/** A request for the data-processing agreement: stored, the agreement mailed as a document, a copy to the company. */
export function createAvRequest(db: Db, cookies: Map<string, string>, request: AvRequest) {
  return storeSubmission(db, {
    cookies,
    security: request,
    store: async (tx) => {
      const { rows } = await tx.query<{ id: number; received_at: Date }>(
        'INSERT INTO av_requests (customer_id, postal_code, email) VALUES ($1, $2, $3) RETURNING id, received_at',
        [request.customerId, request.postalCode, request.email],
      );
      return { id: rows[0]!.id, receivedAt: rows[0]!.received_at };
    },
    mails: (record) =>
      receiptAndNotification({
        record,
        name: '',
        email: request.email,
        summary: avRequestSummary(request),
        receipt: {
          subject: 'Ihr Vertrag zur Auftragsverarbeitung (AV-Vertrag)',
          intro: 'anbei erhalten Sie unseren Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO.',
          outro: [
            'Bitte prüfen Sie den Vertrag, unterschreiben Sie ihn und senden Sie ihn an uns zurück – per E-Mail oder Post. Die Datei im Anhang können Sie in jedem Browser öffnen, drucken oder als PDF speichern.',
          ],
          attachments: [agreementDocument(request, record.receivedAt)],
        },
        notification: { to: site.email, subject: `AV-Vertrag angefordert: Kundennummer ${request.customerId}`, intro: 'Neue Anforderung des AV-Vertrags' },
      }),
  });
}
