import type { SummaryLine } from '../../lib/schemas/forms/common.ts';
import { letterText, oneLine, receivedLine, summaryText } from '../mail/letter.ts';
import type { MailAttachment, OutgoingMail } from '../mail/message.ts';
import type { StoredRecord } from './submission.ts';

/** The two mails of a form's request, so every form writes the same receipt in the one letter layout. */

export interface ReceiptLetters {
  record: StoredRecord;
  /** The sender: the receipt goes to them, the notification's Reply-To points at them. */
  name: string;
  email: string;
  summary: readonly SummaryLine[];
  receipt: { subject: string; intro: string; outro: string[]; attachments?: MailAttachment[] };
  notification: { to: string; subject: string; intro: string };
}

/** The receipt with its content and time of receipt, and the company's copy. */
export function receiptAndNotification(letters: ReceiptLetters): OutgoingMail[] {
  const { record, name, email, summary, receipt, notification } = letters;
  return [
    {
      to: email,
      subject: receipt.subject,
      text: letterText(name, [
        `${receipt.intro} ${receivedLine(record.receivedAt)}`,
        '',
        'Ihre Angaben:',
        ...summaryText(summary),
        ...(receipt.outro.length > 0 ? ['', ...receipt.outro] : []),
      ]),
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
