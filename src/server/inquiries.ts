import { site } from '../config/site.ts';
import type { ContactInquiry } from '../lib/schemas/contact.ts';
import type { Db } from './db/index.ts';
import { oneLine } from './forms/letters.ts';
import { storeSubmission, type StoredRecord } from './forms/submission.ts';

function contactConfirmation(inquiry: ContactInquiry): { subject: string; text: string } {
  return {
    subject: `Ihre Anfrage bei ${site.name}`,
    text: [
      `Guten Tag ${oneLine(inquiry.name)},`,
      '',
      'vielen Dank für Ihre Nachricht. Wir haben sie erhalten und melden uns innerhalb von 48 Stunden bei Ihnen.',
      '',
      'Ihre Nachricht:',
      inquiry.subject ? `Betreff: ${oneLine(inquiry.subject)}` : undefined,
      inquiry.message,
      '',
      'Mit freundlichen Grüßen',
      site.name,
      `${site.address.street}, ${site.address.postalCode} ${site.address.city}`,
      `Telefon ${site.phoneDisplay} · ${site.email}`,
    ]
      .filter((line) => line !== undefined)
      .join('\n'),
  };
}

function contactNotification(inquiry: ContactInquiry, id: number): { subject: string; text: string } {
  return {
    subject: oneLine(`Kontaktanfrage #${id} von ${inquiry.name}${inquiry.subject ? `: ${inquiry.subject}` : ''}`),
    text: [
      `Neue Anfrage über das Kontaktformular (#${id}).`,
      '',
      `Name: ${oneLine(inquiry.name)}`,
      `E-Mail: ${inquiry.email}`,
      `Betreff: ${oneLine(inquiry.subject) || '–'}`,
      'Datenschutzerklärung zugestimmt: ja',
      '',
      inquiry.message,
    ].join('\n'),
  };
}

/**
 * Stores a contact inquiry and queues its two mails, in one transaction that also uses up the
 * captcha and the hashcash solutions: either all of it happens or nothing does.
 * Returns the inquiry and the outbox ids to deliver after the commit.
 */
export function createContactInquiry(db: Db, cookies: Map<string, string>, inquiry: ContactInquiry) {
  return storeSubmission(db, {
    cookies,
    security: inquiry,
    store: async (tx) => {
      const { rows } = await tx.query<{ id: number; created_at: Date }>(
        `INSERT INTO inquiries (kind, name, email, subject, message) VALUES ('contact', $1, $2, $3, $4) RETURNING id, created_at`,
        [inquiry.name, inquiry.email, inquiry.subject, inquiry.message],
      );
      const record: StoredRecord = { id: rows[0]!.id, receivedAt: rows[0]!.created_at };
      return record;
    },
    mails: ({ id }) => [
      { to: inquiry.email, ...contactConfirmation(inquiry) },
      { to: site.inquiryEmail, replyTo: inquiry.email, ...contactNotification(inquiry, id) },
    ],
  });
}
