import type { ComposedMail } from './message.ts';
import type { MailTransport } from './transport.ts';

/**
 * The first and last line of every mail a preview writes to the function log. Someone checking a
 * preview finds a mail (a password-reset link, an order confirmation) by them; the deploy-parity
 * check does the same.
 */
export const MAIL_LOG_BEGIN = '===== E-Mail (Vorschau, nicht versendet) =====';
export const MAIL_LOG_END = '===== Ende der E-Mail =====';

/** One block of plain lines: the headers a reader needs, then the full text of the mail. */
export function formatMailForLog(composed: ComposedMail): string {
  const { mail } = composed;
  const lines = [MAIL_LOG_BEGIN, `Message-ID: ${composed.messageId}`, `Von: ${composed.from}`, `An: ${mail.to}`];
  if (mail.replyTo) lines.push(`Antwort an: ${mail.replyTo}`);
  lines.push(`Betreff: ${mail.subject}`);
  if (mail.attachments?.length) lines.push(`Anhänge: ${mail.attachments.map((a) => a.filename).join(', ')}`);
  lines.push('', mail.text.replace(/\r\n/g, '\n').trimEnd(), MAIL_LOG_END);
  return lines.join('\n');
}

/**
 * The transport of a deploy preview: nothing leaves by SMTP, whatever SMTP_URL says (previews
 * usually get every variable production has). Each mail goes to stdout, which Netlify keeps as the
 * function log, in one write so parallel requests cannot interleave its lines; the outbox then
 * counts it as delivered, as a real send would.
 */
export function createLogMailTransport(write: (block: string) => void = (block) => console.log(block)): MailTransport {
  return {
    async deliver(mail) {
      write(formatMailForLog(mail));
    },
    close() {},
  };
}
