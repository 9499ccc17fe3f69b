import { site } from '../../../config/site.ts';
import { prices } from '../../../data/prices.ts';
import { CLICK_DUMMY_REQUEST_IS_FREE, clickDummyServiceText } from '../request-terms.ts';
import { CLICK_DUMMY_TRIGGER_LABEL, type ClickDummyRequest } from '../schemas.ts';
import type { Db } from '../../../server/db/index.ts';
import { enqueueMail, enqueueVisitorMail } from '../../../server/mail/index.ts';
import { letterText, oneLine } from '../../../server/mail/letter.ts';

/** The prompt as a mail quote, so it reads apart from our own words. */
function quoted(prompt: string): string {
  return prompt
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
}

export function requesterConfirmation(request: ClickDummyRequest): { subject: string; text: string } {
  return {
    subject: 'Ihre Click-Dummy-Anfrage',
    text: letterText(request.name, [
      'vielen Dank für Ihre Click-Dummy-Anfrage. Wir sehen uns Ihre Beschreibung an und melden uns innerhalb von 48 Stunden bei Ihnen – mit Rückfragen oder dem ersten klickbaren Entwurf.',
      '',
      'Ihre Beschreibung:',
      quoted(request.message),
      '',
      CLICK_DUMMY_REQUEST_IS_FREE,
      clickDummyServiceText(prices.byRole('click-dummy')),
    ]),
  };
}

function companyNotification(request: ClickDummyRequest, id: number): { subject: string; text: string } {
  return {
    subject: oneLine(`Click-Dummy-Anfrage #${id} von ${request.name}`),
    text: [
      `Neue Click-Dummy-Anfrage über die Startseite (#${id}).`,
      '',
      `Name: ${oneLine(request.name)}`,
      `E-Mail: ${request.email}`,
      `Ausgelöst durch: ${CLICK_DUMMY_TRIGGER_LABEL[request.trigger]}`,
      '',
      'Beschreibung:',
      quoted(request.message),
    ].join('\n'),
  };
}

/**
 * Stores a click-dummy request and queues the confirmation to the requester and the notification
 * to the company in one transaction: a request is never stored without its mails, nor the other
 * way round. Returns the request id and the outbox ids to deliver after the commit.
 */
export async function createClickDummyRequest(db: Db, request: ClickDummyRequest): Promise<{ id: number; mailIds: number[] }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO click_dummy_requests (name, email, prompt, trigger) VALUES ($1, $2, $3, $4) RETURNING id',
      [request.name, request.email, request.message, request.trigger],
    );
    const id = rows[0]!.id;
    // The requester's confirmation counts against the typed address' daily cap (docs/decisions/0040).
    const confirmation = await enqueueVisitorMail(tx, { to: request.email, ...requesterConfirmation(request) });
    const mailIds = [
      ...(confirmation === null ? [] : [confirmation]),
      await enqueueMail(tx, { to: site.inquiryEmail, replyTo: request.email, ...companyNotification(request, id) }),
    ];
    return { id, mailIds };
  });
}
