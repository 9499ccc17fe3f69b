import { site } from '../../config/site.ts';
import { formatReceivedAt } from '../../lib/forms/dates.ts';
import type { SummaryLine } from '../../lib/schemas/forms/common.ts';
import type { MailAttachment, OutgoingMail } from '../mail/message.ts';
import type { StoredRecord } from './submission.ts';

/** Building blocks of the receipt mails, so every form writes the same letter. */

/** Header lines must stay one line whatever a visitor typed. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

export function signature(): string[] {
  return [
    'Mit freundlichen Grüßen',
    site.name,
    `${site.address.street}, ${site.address.postalCode} ${site.address.city}`,
    `Telefon ${site.phoneDisplay} · ${site.email}`,
  ];
}

/** 'Label: value' lines; values over several lines are indented under their label. */
export function summaryText(lines: readonly SummaryLine[]): string[] {
  return lines.map(([label, value]) => `${label}: ${value.replace(/\r?\n/g, '\n    ')}`);
}

/** The sentence every receipt carries: date and time of receipt in German time. */
export function receivedLine(receivedAt: Date): string {
  const { date, time } = formatReceivedAt(receivedAt);
  return `Eingegangen am ${date} um ${time}.`;
}

export function greeting(name: string): string {
  return name.trim() ? `Guten Tag ${oneLine(name)},` : 'Guten Tag,';
}

export interface ReceiptLetters {
  record: StoredRecord;
  /** The sender: the receipt goes to them, the notification's Reply-To points at them. */
  name: string;
  email: string;
  summary: readonly SummaryLine[];
  receipt: { subject: string; intro: string; outro: string[]; attachments?: MailAttachment[] };
  notification: { to: string; subject: string; intro: string };
}

/** The two mails of a request: the receipt with its content and time of receipt, and the company's copy. */
export function receiptAndNotification(letters: ReceiptLetters): OutgoingMail[] {
  const { record, name, email, summary, receipt, notification } = letters;
  return [
    {
      to: email,
      subject: receipt.subject,
      text: [
        greeting(name),
        '',
        `${receipt.intro} ${receivedLine(record.receivedAt)}`,
        '',
        'Ihre Angaben:',
        ...summaryText(summary),
        '',
        ...receipt.outro,
        ...(receipt.outro.length > 0 ? [''] : []),
        ...signature(),
      ].join('\n'),
      attachments: receipt.attachments,
    },
    {
      to: notification.to,
      replyTo: email,
      subject: oneLine(notification.subject),
      text: [`${notification.intro} (Nr. ${record.id})`, receivedLine(record.receivedAt), '', ...summaryText(summary)].join('\n'),
    },
  ];
}
