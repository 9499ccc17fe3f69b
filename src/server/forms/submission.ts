import type { Db, Transaction } from '../db/index.ts';
import { json } from '../http/respond.ts';
import { site } from '../../config/site.ts';
import { deliverMail, enqueueMail, enqueueVisitorMail, type OutgoingMail } from '../mail/index.ts';
import { checkSubmittedCaptcha, spendCaptchaCheck, spendSecurityCheck, type SubmittedCaptcha, type SubmittedSecurityCheck } from '../security/check.ts';

/**
 * What every form of the site does with a submission, in one place: in ONE transaction use up
 * the security check, store the record and queue its mails – so a record exists exactly with
 * its mails and a spent check, and a failure leaves nothing behind. Delivery comes after the
 * commit: a mail server that is down never loses a stored declaration, the outbox retries.
 */

/**
 * A form mails the company, which must see every record, and the sender at the address they
 * typed: that receipt counts against the daily cap per recipient (docs/decisions/0040).
 */
const COMPANY_INBOXES = new Set<string>([site.email, site.inquiryEmail]);

export interface StoredRecord {
  id: number;
  receivedAt: Date;
}

export interface Submission<R extends StoredRecord> {
  cookies: Map<string, string>;
  /**
   * The submitted captcha and proof of work, or only the captcha for a declaration (its schema
   * has no proof of work, decision 0033); null when the sender is already authenticated (a session).
   */
  security: SubmittedSecurityCheck | SubmittedCaptcha | null;
  /** Stores the record (INSERT … RETURNING id, received_at). */
  store: (tx: Transaction) => Promise<R>;
  /** The mails the stored record causes. */
  mails: (record: R) => OutgoingMail[];
}

export async function storeSubmission<R extends StoredRecord>(db: Db, submission: Submission<R>): Promise<R & { mailIds: number[] }> {
  const { security } = submission;
  if (security) await checkSubmittedCaptcha(db, submission.cookies, security);
  return db.transaction(async (tx) => {
    if (security && 'hashcash_solutions' in security) await spendSecurityCheck(tx, submission.cookies, security);
    else if (security) await spendCaptchaCheck(tx, submission.cookies, security);
    const record = await submission.store(tx);
    const mailIds: number[] = [];
    for (const mail of submission.mails(record)) {
      const id = COMPANY_INBOXES.has(mail.to) ? await enqueueMail(tx, mail) : await enqueueVisitorMail(tx, mail);
      if (id !== null) mailIds.push(id);
    }
    return { ...record, mailIds };
  });
}

/** After the commit: tries the record's mails once. */
export async function deliverAfterCommit(db: Db, stored: { mailIds: number[] }): Promise<void> {
  // A failed delivery stays in the outbox for a later run; the record itself is saved, so even
  // a failing delivery run must not turn the answer into an error that invites a resend.
  try {
    await deliverMail(db, stored.mailIds);
  } catch (error) {
    console.error('[mail] Zustellung nach dem Speichern fehlgeschlagen:', error);
  }
}

/** After the commit: tries the mails once and answers 201 { id, receivedAt, ...details }. */
export async function receiptResponse(db: Db, stored: StoredRecord & { mailIds: number[] }, details: Record<string, unknown> = {}): Promise<Response> {
  await deliverAfterCommit(db, stored);
  return json({ ...details, id: stored.id, receivedAt: stored.receivedAt.toISOString() }, { status: 201 });
}
