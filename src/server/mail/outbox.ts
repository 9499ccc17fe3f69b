import type { Db, Queryable } from '../db/index.ts';
import { SqlParams } from '../db/sql-params.ts';
import { env } from '../env.ts';
import { composeMail, type MailAttachment, type OutgoingMail } from './message.ts';
import type { MailTransport } from './transport.ts';

/** After this many failed attempts a mail stays in the outbox with its last error for a person to look at. */
export const MAX_ATTEMPTS = 8;

/** While one worker sends a claimed mail, no other worker may pick it up. */
const CLAIM_SECONDS = 300;

/** Waits 1, 4, 9, ... minutes between attempts. */
function retryDelaySeconds(attempts: number): number {
  return attempts * attempts * 60;
}

/**
 * An outbox row as a statement of other work inserts it (`INSERT INTO mail_outbox ${OUTBOX_COLUMNS}
 * SELECT <this> ...`): the order stores its mails in the statement that stores the order.
 */
export const OUTBOX_COLUMNS = '(recipient, subject, text_body, html_body, reply_to, attachments, visitor_addressed)';
export function outboxValuesSql(params: SqlParams, mail: OutgoingMail, visitorAddressed: boolean): string {
  const values = [mail.to, mail.subject, mail.text, mail.html ?? null, mail.replyTo ?? null, mail.attachments ? JSON.stringify(mail.attachments) : null];
  const [to, subject, text, html, replyTo, attachments] = values.map((value) => params.add(value));
  return `${to}::text, ${subject}::text, ${text}::text, ${html}::text, ${replyTo}::text, ${attachments}::text::jsonb, ${visitorAddressed}`;
}

/** SQL condition "the daily cap still lets `mails` visitor-addressed mails go to `recipient`" (see enqueueVisitorMail). */
export function visitorMailAllowedSql(params: SqlParams, recipient: string, mails = 1): string {
  return `(SELECT count(*) FROM mail_outbox
           WHERE visitor_addressed AND lower(recipient) = lower(${params.add(recipient)}::text) AND created_at > now() - interval '1 day')
          + ${params.add(mails)}::int <= ${params.add(env().visitorMailsPerDay)}::int`;
}

/**
 * Writes a mail to the outbox. Pass the transaction of the business change that causes it,
 * so a mail exists exactly when the change was committed.
 */
export async function enqueueMail(db: Queryable, mail: OutgoingMail): Promise<number> {
  const params = new SqlParams();
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO mail_outbox ${OUTBOX_COLUMNS} SELECT ${outboxValuesSql(params, mail, false)} RETURNING id`,
    params.values,
  );
  return rows[0]!.id;
}

/**
 * Like enqueueMail, for every mail a stranger can cause to an address they typed – receipts, an
 * order's confirmation and first invoice, the links and notices of a registration, a reset link,
 * chat replies (decisions 0040, 0063): beyond env().visitorMailsPerDay (5: enough for every real
 * use, too few to turn the site into a mailer for someone else's inbox) to that address in 24
 * hours it is not queued (null), and the caller says so or has a person send it (decision 0042). Count and insert are one statement (INSERT … SELECT … WHERE count < cap), so no second
 * round trip and no gap between them within a transaction; two concurrent transactions at the
 * edge may both pass (neither sees the other's uncommitted row): the cap is a brake on abuse,
 * not an exact count.
 */
export async function enqueueVisitorMail(db: Queryable, mail: OutgoingMail): Promise<number | null> {
  const params = new SqlParams();
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO mail_outbox ${OUTBOX_COLUMNS} SELECT ${outboxValuesSql(params, mail, true)} WHERE ${visitorMailAllowedSql(params, mail.to)} RETURNING id`,
    params.values,
  );
  if (!rows[0]) {
    console.warn(`[mail] Tageshöchstzahl von ${env().visitorMailsPerDay} Mails an eine Besucheradresse erreicht: nicht versandt (${mail.subject}).`);
    return null;
  }
  return rows[0].id;
}

/**
 * A company notification (plain text, like all of them), headed by the request to send the
 * receipt the daily cap held back by hand: the sender was told it follows after a look.
 */
export function withHeldBackNotice(mail: OutgoingMail, recipients: readonly string[]): OutgoingMail {
  const notice =
    `Bitte von Hand bestätigen: Die Eingangsbestätigung an ${recipients.join(', ')} ging nicht hinaus, weil diese Adresse ` +
    'in den letzten 24 Stunden schon die Höchstzahl an Mails mit Besuchereingaben erhalten hat (Entscheidung 0042). ' +
    'Die Seite hat dem Absender gesagt, dass die Bestätigung nach Prüfung folgt.';
  return { ...mail, text: `${notice}\n\n${mail.text}` };
}

interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  attachments: MailAttachment[] | null;
  attempts: number;
}

export interface DeliveryReport {
  sent: number[];
  failed: number[];
}

export interface DeliveryOptions {
  from: string;
  /** Only these outbox ids (e.g. the mails just enqueued); default: every due mail. */
  ids?: number[];
  /** Mails claimed at once: what one worker holds while it talks to the mail server. */
  batch?: number;
  /** No further batch is claimed after this many milliseconds; what is left stays due for the next run. */
  budgetMs?: number;
  now?: Date;
}

const BATCH = 20;

/**
 * A scheduled function ends after 30 seconds; the last batch claimed within 20 has time to finish.
 * A run that is stopped anyway leaves its claimed mails to the next after CLAIM_SECONDS.
 */
const BUDGET_MS = 20_000;

/**
 * Sends due mails, a batch after another until none is left (a billing run's 45 invoices go out
 * at once, not 20 every five minutes) or the time budget is spent. Each batch is claimed first
 * with an atomic UPDATE (SKIP LOCKED), so parallel function instances never send one mail twice,
 * and no transaction stays open during SMTP. One call tries each mail at most once: a failed one
 * waits for its retry, whatever the clock says. A mail is due by the database's clock as well:
 * `next_attempt_at` defaults to its now(), with microseconds, and a JavaScript Date of the same
 * millisecond would count a just-queued mail as not yet due and leave it to the retry schedule.
 */
export async function deliverPendingMail(db: Db, transport: MailTransport, options: DeliveryOptions): Promise<DeliveryReport> {
  const batch = options.batch ?? BATCH;
  const stopAt = Date.now() + (options.budgetMs ?? BUDGET_MS);
  const report: DeliveryReport = { sent: [], failed: [] };
  for (;;) {
    const claimed = await deliverBatch(db, transport, options, batch, [...report.sent, ...report.failed]);
    report.sent.push(...claimed.sent);
    report.failed.push(...claimed.failed);
    // A short batch was the last one due; a further query would only find nothing.
    if (claimed.sent.length + claimed.failed.length < batch || Date.now() >= stopAt) return report;
  }
}

/** Claims up to `batch` due mails (none of `tried`) and sends them one by one. */
async function deliverBatch(db: Db, transport: MailTransport, options: DeliveryOptions, batch: number, tried: number[]): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const { rows } = await db.query<OutboxRow>(
    `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = $1::timestamptz + make_interval(secs => $2)
     WHERE id IN (
       SELECT id FROM mail_outbox
       WHERE sent_at IS NULL AND next_attempt_at <= greatest($1::timestamptz, now()) AND attempts < $3
         AND ($4::bigint[] IS NULL OR id = ANY($4::bigint[])) AND NOT (id = ANY($6::bigint[]))
       ORDER BY id LIMIT $5 FOR UPDATE SKIP LOCKED)
     RETURNING id, recipient, subject, text_body, html_body, reply_to, attachments, attempts`,
    [now, CLAIM_SECONDS, MAX_ATTEMPTS, options.ids ?? null, batch, tried],
  );
  const report: DeliveryReport = { sent: [], failed: [] };
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    try {
      const composed = await composeMail(
        {
          to: row.recipient,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body ?? undefined,
          replyTo: row.reply_to ?? undefined,
          attachments: row.attachments ?? undefined,
        },
        options.from,
        now,
      );
      await transport.deliver(composed);
      await db.query('UPDATE mail_outbox SET sent_at = $2, message_id = $3, last_error = NULL WHERE id = $1', [
        row.id,
        now,
        composed.messageId,
      ]);
      report.sent.push(row.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[mail] Versand von Nachricht ${row.id} fehlgeschlagen (Versuch ${row.attempts}):`, message);
      await db.query(
        `UPDATE mail_outbox SET last_error = $2, next_attempt_at = $3::timestamptz + make_interval(secs => $4) WHERE id = $1`,
        [row.id, message.slice(0, 1000), now, retryDelaySeconds(row.attempts)],
      );
      report.failed.push(row.id);
    }
  }
  return report;
}
