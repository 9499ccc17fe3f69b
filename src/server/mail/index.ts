import { join } from 'node:path';
import type { Db } from '../db/index.ts';
import { env, type Env } from '../env.ts';
import { createLogMailTransport } from './log-transport.ts';
import type { OutgoingMail } from './message.ts';
import { deliverPendingMail, enqueueMail, type DeliveryReport } from './outbox.ts';
import { createMailTransport, type MailTransport } from './transport.ts';

export type { OutgoingMail } from './message.ts';
export { enqueueMail, enqueueVisitorMail, withHeldBackNotice } from './outbox.ts';

let transport: MailTransport | undefined;

/**
 * The transport a configuration asks for: in a deploy preview the function log only, never SMTP;
 * otherwise SMTP when SMTP_URL is set, and locally (not on Netlify) also an .eml copy of every
 * message under DATA_DIR/mail.
 */
export function mailTransportFor(config: Pick<Env, 'preview' | 'smtpUrl' | 'onNetlify' | 'dataDir'>): MailTransport {
  if (config.preview) return createLogMailTransport();
  return createMailTransport({
    smtpUrl: config.smtpUrl,
    emlDir: config.onNetlify ? undefined : join(config.dataDir, 'mail'),
  });
}

/** The transport of this process, created on first use. */
export function mailTransport(): MailTransport {
  transport ??= mailTransportFor(env());
  return transport;
}

/** Sends the mails of the outbox that are due (also older ones whose delivery failed before). */
export function deliverDueMail(db: Db): Promise<DeliveryReport> {
  return deliverPendingMail(db, mailTransport(), { from: env().mailFrom });
}

/** Tries to deliver the given outbox mails now (after the transaction that queued them committed). */
export function deliverMail(db: Db, ids: number[]): Promise<DeliveryReport> {
  return deliverPendingMail(db, mailTransport(), { from: env().mailFrom, ids });
}

/**
 * Enqueues a mail and tries to deliver it at once. A failed delivery is not an error for the
 * caller: the mail stays in the outbox and a later delivery run retries it.
 */
export async function sendMail(db: Db, mail: OutgoingMail): Promise<{ id: number; delivered: boolean }> {
  const id = await enqueueMail(db, mail);
  const report = await deliverMail(db, [id]);
  return { id, delivered: report.sent.includes(id) };
}
