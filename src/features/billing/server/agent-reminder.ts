import { site } from '../../../config/site.ts';
import type { AgentInvoice } from '../agent-types.ts';
import type { InvoicePaymentMethod } from '../kinds.ts';
import { reminderRefusal, reminderRefusals } from '../reminders.ts';
import { invoiceState, type LedgerFacts } from '../state.ts';
import { agentInvoiceMessages } from '../schemas.ts';
import { addDays } from '../../../lib/contracts/ends.ts';
import { germanDate } from '../../../lib/forms/dates.ts';
import { formatIban } from '../../../lib/iban.ts';
import { formatEuro } from '../../../lib/money.ts';
import type { Db } from '../../../server/db/index.ts';
import { HttpError } from '../../../server/http/errors.ts';
import { letterText, oneLine } from '../../../server/mail/letter.ts';
import type { MailAttachment, OutgoingMail } from '../../../server/mail/message.ts';
import { enqueueMail } from '../../../server/mail/outbox.ts';
import { agentInvoice } from './agent-list.ts';
import { ledgerFactsSql } from './facts.ts';

/**
 * A payment reminder (Zahlungserinnerung) an agent sends for an overdue invoice (issue 24): a
 * friendly first reminder without fees, to the address the invoice was issued to, with the invoice
 * attached again, the open amount, the due day, a new date and the account to pay to. Each one
 * is recorded beside the invoice (invoice_reminders) in the transaction that queues the mail, once
 * per invoice and level (decision 0060): this reminder is level 1.
 */

const reminderMessages = {
  invoiceNotFound: agentInvoiceMessages.invoiceNotFound,
  ...reminderRefusals,
} as const;

/** The level of this friendly first reminder; dunning levels (issue 38) come after it. */
const REMINDER_LEVEL = 1;

/** The new date the reminder asks for: a week from today. */
const REMINDER_DAYS = 7;

interface ReminderRow {
  id: number;
  kind: 'invoice' | 'cancellation';
  invoice_number: string;
  order_number: string;
  issued_on: string;
  due_on: string;
  facts: LedgerFacts;
  reminders_sent: number;
  payment_method: InvoicePaymentMethod;
  buyer: { name?: string; company?: string | null; email?: string };
  files: { fileName: string; contentType: string; content: string }[];
}

interface ReminderFacts {
  invoiceNumber: string;
  orderNumber: string;
  issuedOn: string;
  dueOn: string;
  openCents: number;
  buyer: { name: string; company: string | null; email: string };
  today: string;
  attachments: MailAttachment[];
}

/** The reminder mail. Polite: the payment may simply have been missed, or be on its way. */
function reminderMail(facts: ReminderFacts): OutgoingMail {
  const amount = formatEuro(facts.openCents);
  const account = site.bankAccount;
  const payBy = germanDate(addDays(facts.today, REMINDER_DAYS));
  const addressee = facts.buyer.company ? `${oneLine(facts.buyer.company)} (z. Hd. ${oneLine(facts.buyer.name)})` : oneLine(facts.buyer.name);
  return {
    to: facts.buyer.email,
    subject: `Zahlungserinnerung zur Rechnung ${facts.invoiceNumber}`,
    attachments: facts.attachments,
    text: letterText(facts.buyer.name, [
      `sicher ist es im Alltag untergegangen: Für unsere Rechnung ${facts.invoiceNumber} vom ${germanDate(facts.issuedOn)} ` +
        `(Bestellung ${facts.orderNumber}) konnten wir bis heute keinen Zahlungseingang feststellen. Die Rechnung war am ${germanDate(facts.dueOn)} fällig.`,
      '',
      `Offener Betrag: ${amount}`,
      `Rechnungsempfänger: ${addressee}`,
      '',
      `Bitte überweisen Sie den offenen Betrag bis zum ${payBy} auf unser Konto:`,
      '',
      `Kontoinhaber: ${site.name}`,
      `IBAN: ${formatIban(account.iban)}`,
      `BIC: ${account.bic}`,
      `Bank: ${account.bankName}`,
      `Verwendungszweck: ${facts.invoiceNumber}`,
      '',
      'Die Rechnung finden Sie zur Erinnerung noch einmal im Anhang.',
      '',
      'Sollten Sie den Betrag in den letzten Tagen bereits überwiesen haben, betrachten Sie diese Erinnerung bitte als gegenstandslos. ' +
        `Haben Sie Fragen zur Rechnung, antworten Sie einfach auf diese E-Mail oder rufen Sie uns unter ${site.phoneDisplay} an.`,
    ]),
  };
}

/**
 * Records the reminder and queues its mail in one transaction; returns the outbox id for delivery
 * after the answer and the invoice as the list shows it now. The invoice row is locked first, so a
 * payment recorded at the same moment is either seen (409) or comes after the reminder.
 *
 * Twice the same reminder cannot go out: the unique key (invoice_id, level) of invoice_reminders
 * (migration 0033) decides, not a count read before. Under READ COMMITTED a concurrent INSERT of the
 * same key waits for the first transaction and, once that commits, ON CONFLICT DO NOTHING inserts
 * nothing; the mail is queued only after a row was inserted, in the same transaction, so the loser
 * queues none (and had the first rolled back, the waiting one would insert and send instead).
 */
export async function sendReminder(db: Db, invoiceNumber: string, agentId: string, today: string): Promise<{ mailId: number; invoice: AgentInvoice }> {
  const mailId = await db.transaction(async (tx) => {
    const locked = await tx.query('SELECT id FROM invoices WHERE invoice_number = $1 FOR UPDATE', [invoiceNumber]);
    if (locked.rowCount === 0) throw new HttpError(404, reminderMessages.invoiceNotFound);
    const { rows } = await tx.query<ReminderRow>(
      `SELECT s.id, s.kind, s.invoice_number, o.order_number, to_char(s.issued_on, 'YYYY-MM-DD') AS issued_on, to_char(s.due_on, 'YYYY-MM-DD') AS due_on,
              ${ledgerFactsSql('s')} AS facts, s.buyer, s.payment_method,
              (SELECT count(*)::int FROM invoice_reminders r WHERE r.invoice_id = s.id) AS reminders_sent,
              coalesce((SELECT json_agg(json_build_object('fileName', d.file_name, 'contentType', d.content_type, 'content', encode(d.content, 'base64'))
                                 ORDER BY d.kind = 'xml', d.kind)
                        FROM invoice_documents d WHERE d.invoice_id = s.id), '[]'::json) AS files
       FROM invoices s JOIN orders o ON o.id = s.order_id WHERE s.invoice_number = $1`,
      [invoiceNumber],
    );
    const row = rows[0]!;
    const { state, openCents } = invoiceState(row.facts, row.invoice_number, today);
    const refusal = reminderRefusal({ kind: row.kind, state, paymentMethod: row.payment_method, remindersSent: Number(row.reminders_sent) });
    if (refusal) throw new HttpError(409, refusal);
    const recorded = await tx.query(
      'INSERT INTO invoice_reminders (invoice_id, level, sent_by) VALUES ($1, $2, $3) ON CONFLICT (invoice_id, level) DO NOTHING RETURNING id',
      [row.id, REMINDER_LEVEL, agentId],
    );
    if (recorded.rowCount === 0) throw new HttpError(409, reminderMessages.alreadySent);
    const mail = reminderMail({
      invoiceNumber: row.invoice_number,
      orderNumber: row.order_number,
      issuedOn: row.issued_on,
      dueOn: row.due_on,
      openCents,
      buyer: { name: row.buyer.name ?? '', company: row.buyer.company ?? null, email: row.buyer.email ?? '' },
      today,
      // encode() breaks Base64 into lines of 76; the outbox wants it in one piece.
      attachments: row.files.map((file) => ({ filename: file.fileName, contentType: file.contentType, content: file.content.replace(/\s+/g, ''), encoding: 'base64' })),
    });
    return enqueueMail(tx, mail);
  });
  return { mailId, invoice: (await agentInvoice(db, invoiceNumber, today))! };
}
