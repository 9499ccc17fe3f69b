import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  replyTo?: string | undefined;
  /** Documents sent along, e.g. the data-processing agreement or the contract confirmation PDF. */
  attachments?: MailAttachment[] | undefined;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The document as text (UTF-8), or its bytes in Base64 when `encoding` says so (a PDF). */
  content: string;
  /** 'base64' for a binary document: the outbox keeps attachments as JSON, which holds text only. */
  encoding?: 'base64' | undefined;
}

export interface ComposedMail {
  /** The complete RFC 5322 message, exactly what SMTP transmits and the .eml copy holds. */
  raw: Buffer;
  messageId: string;
  from: string;
  to: string;
  /** The mail as written, for a reader of the function log (a preview's mails end there). */
  mail: OutgoingMail;
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
  return { raw: await node.build(), messageId: node.messageId(), from, to: mail.to, mail };
}
