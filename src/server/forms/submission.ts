import type { Db, Transaction } from '../db/index.ts';
import type { FormAnswer } from '../../lib/schemas/forms/common.ts';
import { json, type JsonResponse } from '../http/respond.ts';
import { site } from '../../config/site.ts';
import { deliverMail, enqueueMail, enqueueVisitorMail, withHeldBackNotice, type OutgoingMail } from '../mail/index.ts';
import { checkSubmittedCaptcha, spendCaptchaCheck, spendSecurityCheck, type SubmittedCaptcha, type SubmittedSecurityCheck } from '../security/check.ts';

/**
 * What every form of the site does with a submission, in one place: in ONE transaction use up
 * the security check, store the record and queue its mails – so a record exists exactly with
 * its mails and a spent check, and a failure leaves nothing behind. Delivery comes after the
 * commit: a mail server that is down never loses a stored declaration, the outbox retries.
 */

/**
 * A form mails the company, which must see every record, and the sender at the address they
 * typed: that receipt counts against the daily cap per recipient (docs/decisions/0040, 0042).
 */
const COMPANY_INBOXES = new Set<string>([site.email, site.inquiryEmail]);

export interface StoredRecord {
  id: number;
  receivedAt: Date;
}

/** What a stored submission adds: its queued mails and whether the sender's receipt is among them. */
export interface SubmissionMails {
  mailIds: number[];
  /**
   * False when the daily cap per recipient held the sender's receipt back: the receipt page must
   * then say so instead of claiming a mail, and the company's notification asks for a receipt by hand.
   */
  confirmationMailed: boolean;
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
  /**
   * An address its owner confirmed that the record's mails go to – a signed-in customer's own inbox,
   * or the address on record – so no stranger's: its mails are not capped (a customer may cancel
   * many contracts in one day).
   */
  confirmedRecipient?: (record: R) => string | undefined;
}

export async function storeSubmission<R extends StoredRecord>(db: Db, submission: Submission<R>): Promise<R & SubmissionMails> {
  const { security } = submission;
  if (security) await checkSubmittedCaptcha(db, submission.cookies, security);
  return db.transaction(async (tx) => {
    if (security && 'hashcash_solutions' in security) await spendSecurityCheck(tx, submission.cookies, security);
    else if (security) await spendCaptchaCheck(tx, submission.cookies, security);
    const record = await submission.store(tx);
    const mails = submission.mails(record);
    const confirmed = submission.confirmedRecipient?.(record);
    const mailIds: number[] = [];
    const heldBack: string[] = [];
    // The sender's mails first: the company's notification says which of them the cap held back.
    for (const mail of mails.filter((m) => !COMPANY_INBOXES.has(m.to))) {
      const id = mail.to === confirmed ? await enqueueMail(tx, mail) : await enqueueVisitorMail(tx, mail);
      if (id === null) heldBack.push(mail.to);
      else mailIds.push(id);
    }
    for (const mail of mails.filter((m) => COMPANY_INBOXES.has(m.to))) {
      mailIds.push(await enqueueMail(tx, heldBack.length === 0 ? mail : withHeldBackNotice(mail, heldBack)));
    }
    return { ...record, mailIds, confirmationMailed: heldBack.length === 0 };
  });
}

/**
 * A form's INSERT … RETURNING id, received_at, as the stored record (a table that names the time
 * differently returns it AS received_at).
 */
export async function insertRecord(tx: Transaction, sql: string, params: readonly unknown[]): Promise<StoredRecord> {
  const { rows } = await tx.query<{ id: number; received_at: Date }>(sql, params);
  return { id: rows[0]!.id, receivedAt: rows[0]!.received_at };
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

/** After the commit: tries the mails once and answers 201 { id, receivedAt, confirmationMailed, ...details }. */
export async function receiptResponse<D extends object = object>(
  db: Db,
  stored: StoredRecord & SubmissionMails,
  details: D = {} as D,
): Promise<JsonResponse<D & FormAnswer>> {
  await deliverAfterCommit(db, stored);
  return json(
    { ...details, id: stored.id, receivedAt: stored.receivedAt.toISOString(), confirmationMailed: stored.confirmationMailed },
    { status: 201 },
  );
}
