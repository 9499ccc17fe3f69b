import { site } from '../../config/site.ts';
import type { AgentInvoice, InvoiceState } from '../../lib/agent/invoice-types.ts';
import { addDays } from '../../lib/contracts/ends.ts';
import { germanDate } from '../../lib/forms/dates.ts';
import { formatIban } from '../../lib/iban.ts';
import { formatEuro } from '../../lib/money.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { letterText, oneLine } from '../mail/letter.ts';
import type { MailAttachment, OutgoingMail } from '../mail/message.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { agentInvoice, INVOICE_STATES_SQL } from './agent-list.ts';

/**
 * A payment reminder (Zahlungserinnerung) an agent sends for an overdue invoice (issue 24): a
 * friendly first reminder without fees, to the address the invoice was issued to, with the invoice
 * attached again, the open amount, the due day, a new date and the account to pay to. Each one
 * is recorded beside the invoice (invoice_reminders) in the transaction that queues the mail.
 */

export const reminderMessages = {
  invoiceNotFound: 'Diese Rechnung gibt es nicht.',
  cancellationInvoice: 'Zu einer Stornorechnung wird keine Zahlungserinnerung gesendet.',
  notOverdue: 'Eine Zahlungserinnerung ist nur für offene Rechnungen möglich, deren Fälligkeit überschritten ist.',
} as const;

/** The new date the reminder asks for: a week from today. */
const REMINDER_DAYS = 7;

interface ReminderRow {
  id: number;
  kind: 'invoice' | 'cancellation';
  invoice_number: string;
  order_number: string;
  issued_on: string;
  due_on: string;
  open_cents: number;
  state: InvoiceState;
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
 */
export async function sendReminder(db: Db, invoiceNumber: string, agentId: string, today: string): Promise<{ mailId: number; invoice: AgentInvoice }> {
  const mailId = await db.transaction(async (tx) => {
    const locked = await tx.query('SELECT id FROM invoices WHERE invoice_number = $1 FOR UPDATE', [invoiceNumber]);
    if (locked.rowCount === 0) throw new HttpError(404, reminderMessages.invoiceNotFound);
    const { rows } = await tx.query<ReminderRow>(
      `WITH ${INVOICE_STATES_SQL}
       SELECT s.id, s.kind, s.invoice_number, s.order_number, to_char(s.issued_on, 'YYYY-MM-DD') AS issued_on, to_char(s.due_on, 'YYYY-MM-DD') AS due_on,
              s.gross_cents - s.refunded AS open_cents, s.state, s.buyer,
              coalesce((SELECT json_agg(json_build_object('fileName', d.file_name, 'contentType', d.content_type, 'content', encode(d.content, 'base64'))
                                 ORDER BY d.kind = 'xml', d.kind)
                        FROM invoice_documents d WHERE d.invoice_id = s.id), '[]'::json) AS files
       FROM invoice_states s WHERE s.invoice_number = $2`,
      [today, invoiceNumber],
    );
    const row = rows[0]!;
    if (row.kind === 'cancellation') throw new HttpError(409, reminderMessages.cancellationInvoice);
    if (row.state !== 'overdue') throw new HttpError(409, reminderMessages.notOverdue);
    const mail = reminderMail({
      invoiceNumber: row.invoice_number,
      orderNumber: row.order_number,
      issuedOn: row.issued_on,
      dueOn: row.due_on,
      openCents: Number(row.open_cents),
      buyer: { name: row.buyer.name ?? '', company: row.buyer.company ?? null, email: row.buyer.email ?? '' },
      today,
      // encode() breaks Base64 into lines of 76; the outbox wants it in one piece.
      attachments: row.files.map((file) => ({ filename: file.fileName, contentType: file.contentType, content: file.content.replace(/\s+/g, ''), encoding: 'base64' })),
    });
    await tx.query('INSERT INTO invoice_reminders (invoice_id, sent_by) VALUES ($1, $2)', [row.id, agentId]);
    return enqueueMail(tx, mail);
  });
  return { mailId, invoice: (await agentInvoice(db, invoiceNumber, today))! };
}
