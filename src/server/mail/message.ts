import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  replyTo?: string | undefined;
  /** Documents sent along, e.g. the data-processing agreement. */
  attachments?: MailAttachment[] | undefined;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The document as text (UTF-8). */
  content: string;
}

export interface ComposedMail {
  /** The complete RFC 5322 message, exactly what SMTP transmits and the .eml copy holds. */
  raw: Buffer;
  messageId: string;
  from: string;
  to: string;
}

/** Builds the message once, so the SMTP delivery and the local .eml copy are identical. */
export async function composeMail(mail: OutgoingMail, from: string, date: Date = new Date()): Promise<ComposedMail> {
  const node = new MailComposer({
    from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments,
    date,
    textEncoding: 'quoted-printable',
  }).compile();
  return { raw: await node.build(), messageId: node.messageId(), from, to: mail.to };
}
