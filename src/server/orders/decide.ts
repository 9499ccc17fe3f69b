import type { IsoDay } from '../../lib/contracts/ends.ts';
import { servicesStartOn } from '../../lib/contracts/service-start.ts';
import { germanDate, todayIso } from '../../lib/forms/dates.ts';
import type { OrderStatus } from '../../lib/orders/status.ts';
import { inboxMessages } from '../../lib/schemas/inbox.ts';
import type { Db, Transaction } from '../db/index.ts';
import { contractConfirmationAttachment, contractConfirmationPdf } from '../documents/contract-confirmation.ts';
import { legalTexts } from '../documents/legal-texts.ts';
import { HttpError } from '../http/errors.ts';
import { issueDueInvoices } from '../../features/billing/server/issue.ts';
import { deliverMail, enqueueMail } from '../mail/index.ts';
import { acceptanceConfirmation } from './confirmation-mail.ts';
import { rejectionMail } from './declined-mails.ts';
import { CONTRACT_CONFIRMATION } from './order-documents.ts';
import type { AcceptedOrder } from './order-texts.ts';
import { STORED_ORDER_COLUMNS, storedOrderOf, type StoredOrderRow } from './stored-order.ts';

/**
 * An agent's decision on an order we review (decision 0053; AGB § 3 Abs. 4): accept it within its
 * acceptance period – which concludes the contract, makes its contracts, the contract
 * confirmation PDF and the 'Auftragsbestätigung', and then its first invoice – or reject it with a
 * reason, which is mailed. Only a 'received' order can be decided, once: the row is locked, so two
 * agents clicking at once decide it once and the second hears why not.
 */

export const orderDecisionMessages = {
  notReceived: {
    accepted: 'Diese Bestellung ist bereits angenommen.',
    rejected: 'Diese Bestellung wurde bereits abgelehnt.',
    lapsed: 'Die Annahmefrist dieser Bestellung ist abgelaufen: Sie ist nicht zustande gekommen, und der Kunde ist nicht mehr an sie gebunden.',
    withdrawn: 'Der Kunde hat diese Bestellung vor unserer Annahme widerrufen; sie kann nicht mehr angenommen werden.',
  } satisfies Record<Exclude<OrderStatus, 'received'>, string>,
  deadlinePassed: (deadline: IsoDay) =>
    `Die Annahmefrist dieser Bestellung endete am ${germanDate(deadline)}. Sie kann nicht mehr angenommen werden: Der Kunde ist nicht mehr an sie gebunden. ` +
    'Bitte lehnen Sie sie ab oder warten Sie auf den nächsten Rechnungslauf, der ihm mitteilt, dass sie nicht zustande gekommen ist.',
  agbChanged: (ordered: string, current: string) =>
    `Diese Bestellung wurde zu einer früheren Fassung unserer AGB aufgegeben (${ordered}); gültig ist jetzt die Fassung ${current}. ` +
    'Die Vertragsbestätigung muss die akzeptierte Fassung enthalten und kann deshalb nicht erstellt werden. ' +
    'Bitte lehnen Sie die Bestellung ab und bitten Sie den Kunden in der Begründung, neu zu bestellen.',
} as const;

type LockedOrder = StoredOrderRow & { id: string | number; status: OrderStatus; user_id: string | null };

/** The order, locked until the decision commits; 404 when there is none, 409 when it is no longer open. */
async function lockReceivedOrder(tx: Transaction, id: number): Promise<LockedOrder> {
  const { rows } = await tx.query<LockedOrder>(`SELECT o.id, o.status, o.user_id, ${STORED_ORDER_COLUMNS} FROM orders o WHERE o.id = $1 FOR UPDATE`, [id]);
  const row = rows[0];
  if (!row) throw new HttpError(404, inboxMessages.itemNotFound);
  if (row.status !== 'received') throw new HttpError(409, orderDecisionMessages.notReceived[row.status]);
  return row;
}

/** What follows a decision once it is committed: its mail, and after an acceptance the first invoice. */
export type AfterDecision = () => Promise<void>;

export interface DecisionOptions {
  /** The site's origin for the links of mail and PDF. */
  origin: string;
  now?: Date;
}

/**
 * Accepts a received order within its deadline. One transaction makes the contracts of its
 * recurring lines, starting on the services' first day counted from today (the conclusion), the
 * contract confirmation PDF from the order as it was placed, stores the PDF and queues the
 * 'Auftragsbestätigung' with it. What it answers follows the commit: the mail is delivered and the
 * order's first invoice issued, as the orders function does for an order accepted at once – the
 * caller runs it after its answer; the mail retry and the daily run catch up should it fail.
 */
export async function acceptOrder(db: Db, id: number, agentId: string, options: DecisionOptions): Promise<AfterDecision> {
  const now = options.now ?? new Date();
  const today = todayIso(now);
  const mailId = await db.transaction(async (tx) => {
    const row = await lockReceivedOrder(tx, id);
    if (row.acceptance_deadline !== null && today > row.acceptance_deadline) throw new HttpError(409, orderDecisionMessages.deadlinePassed(row.acceptance_deadline));
    // The PDF prints the AGB the customer accepted, which only a build with that version holds.
    if (row.agb_version !== legalTexts.agb.version) throw new HttpError(409, orderDecisionMessages.agbChanged(row.agb_version, legalTexts.agb.version));
    const placed = storedOrderOf(row);
    const { customer, consents } = placed.request;
    const order: AcceptedOrder = { ...placed, acceptedAt: now, servicesStartOn: servicesStartOn(today, { customerType: customer.type, earlyStart: consents.earlyStart }) };
    // A contract per recurring line, as an order accepted at once gets them in its statement (order-statement.ts).
    const made = await tx.query<{ order_position: number; contract_number: string }>(
      `INSERT INTO contracts (order_id, order_position, user_id, customer_type, email, product_id, name, quantity, price_basis,
                              period_cents, period_gross_cents, vat_percent, billing_months, minimum_months, notice_days, starts_on)
       SELECT o.id, l.position, o.user_id, o.customer_type, o.email, l.product_id, l.name, l.quantity, o.price_basis,
              l.line_cents, l.line_gross_cents, l.vat_percent, l.billing_months, l.minimum_months, l.notice_days, $2::date
       FROM orders o JOIN order_lines l ON l.order_id = o.id
       WHERE o.id = $1 AND l.billing_months IS NOT NULL
       ORDER BY l.position
       RETURNING order_position, contract_number`,
      [id, order.servicesStartOn],
    );
    const contracts = made.rows
      .map((contract) => ({ contractNumber: contract.contract_number, position: Number(contract.order_position), startsOn: order.servicesStartOn }))
      .sort((a, b) => a.position - b.position);
    const document = await contractConfirmationPdf({ order, contracts, origin: options.origin });
    await tx.query('INSERT INTO order_documents (order_id, kind, file_name, content) VALUES ($1, $2, $3, $4::bytea)', [id, CONTRACT_CONFIRMATION, document.fileName, document.content]);
    await tx.query(
      `UPDATE orders SET status = 'accepted', accepted_at = $2, services_start_on = $3::date, decided_at = $2, decided_by = $4,
                         inbox_status = 'done', inbox_status_changed_at = $2, inbox_status_changed_by = $4
       WHERE id = $1`,
      [id, now, order.servicesStartOn, agentId],
    );
    // Our own contract document to the address on record: like an invoice, not held back by the cap for typed addresses.
    return enqueueMail(tx, acceptanceConfirmation(order, options.origin, contractConfirmationAttachment(document)));
  });
  return async () => {
    // A failed delivery stays in the outbox for the retry schedule; the acceptance itself is stored.
    await deliverMail(db, [mailId]);
    const invoices = await issueDueInvoices(db, { on: today, origin: options.origin, orderId: id });
    await deliverMail(db, invoices.mailIds);
  };
}

/** Rejects a received order: status, reason and agent are stored; the mail with the reason follows the commit. */
export async function rejectOrder(db: Db, id: number, agentId: string, reason: string, options: Pick<DecisionOptions, 'now'> = {}): Promise<AfterDecision> {
  const now = options.now ?? new Date();
  const mailId = await db.transaction(async (tx) => {
    const row = await lockReceivedOrder(tx, id);
    await tx.query(
      `UPDATE orders SET status = 'rejected', rejection_reason = $2, decided_at = $3, decided_by = $4,
                         inbox_status = 'done', inbox_status_changed_at = $3, inbox_status_changed_by = $4
       WHERE id = $1`,
      [id, reason, now, agentId],
    );
    return enqueueMail(tx, rejectionMail({ orderNumber: row.order_number, createdAt: new Date(row.created_at), name: row.name, email: row.email }, reason));
  });
  return async () => {
    await deliverMail(db, [mailId]);
  };
}
