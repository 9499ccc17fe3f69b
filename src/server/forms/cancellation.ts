import { site } from '../../config/site.ts';
import { formatReceivedAt, germanDate, isoFromGermanDate, todayIso } from '../../lib/forms/dates.ts';
import {
  cancellationSummary,
  contractEndLines,
  type CancelledContract,
  type Cancellation,
  type CustomerCancellation,
} from '../../lib/schemas/forms/cancellation.ts';
import { cancellationEndSchema, inboxMessages } from '../../lib/schemas/inbox.ts';
import { sessionUser, type SessionUser } from '../auth/session.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import { contractToEnd } from '../contracts/cancelled-contract.ts';
import type { Db, Queryable } from '../db/index.ts';
import { validate } from '../http/body.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueMail, type OutgoingMail } from '../mail/index.ts';
import { letterText, oneLine, receivedLine, summaryText } from '../mail/letter.ts';
import { insertRecord, storeSubmission, type StoredRecord, type SubmissionMails } from './submission.ts';

/**
 * Cancellations under § 312k BGB: stored as declared, a receipt at once (content, date and
 * time of receipt, identity link), and – once an agent has processed it – the confirmation
 * with the contract end. The declaration columns are never updated afterwards.
 */

export const IDENTITY_PATH = '/vertraege-kuendigen/bestaetigen';

/** § 312k Abs. 2, 3 BGB: the declaration counts when it arrives; the identity link is a help, not a condition. */
const EFFECTIVE_ON_RECEIPT =
  'Ihre Kündigung ist mit dem Eingang bei uns wirksam. Sobald wir sie bearbeitet haben, bestätigen wir Ihnen das Vertragsende zusätzlich per E-Mail.';
const IDENTITY_OPTIONAL =
  'Wenn Sie möchten, bestätigen Sie mit diesem Link, dass die Kündigung von Ihnen stammt. Das ist freiwillig: Die Kündigung gilt auch ohne diese Bestätigung.';

/** Who cancels: a visitor with the full form, or a logged-in customer with less data (SPEC §6). */
export type CancellationSender =
  | { kind: 'visitor'; declaration: Cancellation }
  | { kind: 'customer'; declaration: CustomerCancellation; user: SessionUser; email: string };

/** A stored cancellation and the contract it ended on receipt, if it named one. */
export interface StoredCancellationRecord extends StoredRecord {
  contract: CancelledContract | null;
}

/** Name, address for the mails, and the content as shown on the receipt page. */
function described(sender: CancellationSender) {
  if (sender.kind === 'visitor') {
    const d = sender.declaration;
    return { name: `${d.firstname} ${d.lastname}`, email: d.email, summary: cancellationSummary(d) };
  }
  return {
    name: sender.user.displayName,
    email: sender.email,
    summary: cancellationSummary({ ...sender.declaration, email: sender.email }, sender.user.displayName),
  };
}

function receiptMail(sender: CancellationSender, record: StoredCancellationRecord, identityUrl: string | null): OutgoingMail {
  const { name, email, summary } = described(sender);
  return {
    to: email,
    subject: `Eingangsbestätigung Ihrer Kündigung (Nr. ${record.id})`,
    text: letterText(name, [
      `wir haben Ihre Kündigung erhalten. ${receivedLine(record.receivedAt)}`,
      '',
      'Inhalt Ihrer Kündigung:',
      ...summaryText(summary),
      '',
      ...summaryText(contractEndLines(record.contract)),
      '',
      EFFECTIVE_ON_RECEIPT,
      ...(identityUrl ? ['', IDENTITY_OPTIONAL, identityUrl] : []),
      '',
      'Bitte bewahren Sie diese E-Mail als Nachweis auf.',
    ]),
  };
}

function notificationMail(sender: CancellationSender, record: StoredCancellationRecord): OutgoingMail {
  const { email, summary } = described(sender);
  return {
    to: site.email,
    replyTo: email,
    subject: oneLine(`Kündigung Nr. ${record.id}: ${sender.declaration.contract_name}`),
    text: [
      `Neue Kündigung über ${sender.kind === 'visitor' ? 'das Kündigungsformular' : 'den Kundenbereich'} (Nr. ${record.id}).`,
      receivedLine(record.receivedAt),
      '',
      ...summaryText(summary),
      '',
      ...summaryText(contractEndLines(record.contract)),
    ].join('\n'),
  };
}

/**
 * Stores a cancellation, ends the contract it names on the computed date and queues its receipt
 * and the notification to the company, in one transaction. A visitor, and a customer whose
 * address is not yet verified, gets a one-time identity link; a verified customer is identified
 * by the session already.
 */
export async function createCancellation(
  db: Db,
  cookies: Map<string, string>,
  sender: CancellationSender,
  origin: string,
  now: Date = new Date(),
): Promise<StoredCancellationRecord & SubmissionMails> {
  const identified = sender.kind === 'customer' && sender.user.emailVerified;
  const token = identified ? null : newToken();
  const identityUrl = token ? `${origin}${IDENTITY_PATH}/${token}` : null;
  const d = sender.declaration;
  const visitor = sender.kind === 'visitor' ? sender.declaration : null;
  const requestedEnd = d.end_of_contract_period === 'date' ? isoFromGermanDate(d.end_of_contract_period_date) : null;
  const owner = sender.kind === 'customer' ? { userId: sender.user.userId } : { email: sender.declaration.email };
  return storeSubmission(db, {
    cookies,
    security: visitor,
    store: async (tx) => {
      const contract = await contractToEnd(tx, owner, d, requestedEnd, todayIso(now));
      // The declaration and the contract's end in one statement: effective on receipt.
      const record = await insertRecord(
        tx,
        `WITH cancellation AS (
           INSERT INTO cancellations (user_id, contract_name, type_of_cancellation, cancellation_reason, end_of_contract_period,
             requested_end_date, customer_id, order_id, firstname, lastname, street, street_extra, postcode, locality, country,
             email, annotation, identity_token_hash, identity_confirmed_at, received_at, contract_id, computed_end_date)
           VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
             CASE WHEN $19::boolean THEN $20::timestamptz END, $20, $21::bigint, $22::date)
           RETURNING id, received_at
         ), ended AS (
           UPDATE contracts SET ends_on = $22::date, cancellation_id = (SELECT id FROM cancellation) WHERE id = $21::bigint
         )
         SELECT id, received_at FROM cancellation`,
        [
          sender.kind === 'customer' ? sender.user.userId : null,
          contract && d.contract_name === '' ? contract.name : d.contract_name,
          d.type_of_cancellation,
          d.type_of_cancellation === 'extraordinary' ? d.cancellation_reason : '',
          requestedEnd ? 'date' : 'earliest',
          requestedEnd,
          d.customer_id,
          d.order_id || (contract?.contractNumber ?? ''),
          visitor?.firstname ?? '',
          visitor?.lastname ?? '',
          visitor?.street ?? '',
          visitor?.street_extra ?? '',
          visitor?.postcode ?? '',
          visitor?.locality ?? '',
          visitor?.country ?? '',
          described(sender).email,
          d.annotation,
          token ? tokenHash(token) : null,
          identified,
          now,
          contract?.id ?? null,
          contract?.endsOn ?? null,
        ],
      );
      const ended = contract ? { contractNumber: contract.contractNumber, name: contract.name, endsOn: contract.endsOn } : null;
      return { ...record, contract: ended };
    },
    mails: (record) => [receiptMail(sender, record, identityUrl), notificationMail(sender, record)],
    confirmedRecipient: () => (identified ? sender.email : undefined),
  });
}

export interface ConfirmedIdentity {
  id: number;
  contractName: string;
  receivedAt: Date;
  confirmedAt: Date;
}

/** The identity link of the receipt mail: marks the cancellation confirmed (again: unchanged). */
export async function confirmCancellationIdentity(db: Queryable, token: string, now: Date = new Date()): Promise<ConfirmedIdentity | null> {
  const { rows } = await db.query<{ id: number; contract_name: string; received_at: Date; identity_confirmed_at: Date }>(
    `UPDATE cancellations SET identity_confirmed_at = COALESCE(identity_confirmed_at, $2)
     WHERE identity_token_hash = $1
     RETURNING id, contract_name, received_at, identity_confirmed_at`,
    [tokenHash(token), now],
  );
  const row = rows[0];
  return row ? { id: row.id, contractName: row.contract_name, receivedAt: row.received_at, confirmedAt: row.identity_confirmed_at } : null;
}

export interface StoredCancellation {
  id: number;
  receivedAt: Date;
  contractName: string;
  firstname: string;
  lastname: string;
  email: string;
  customerId: string;
  typeOfCancellation: 'regular' | 'extraordinary';
  /** 'V-000042' when the cancellation was matched to one of our contracts on receipt. */
  contractNumber?: string | null;
}

/**
 * The cancellation confirmation (§ 312k Abs. 4 BGB) an agent sends once the cancellation is
 * processed: which contract ends on which day. Built here so the agent dashboard only calls it.
 */
export function cancellationConfirmationMail(cancellation: StoredCancellation, contractEndIso: string): OutgoingMail {
  const name = `${cancellation.firstname} ${cancellation.lastname}`.trim();
  return {
    to: cancellation.email,
    subject: `Bestätigung Ihrer Kündigung (Nr. ${cancellation.id})`,
    text: letterText(name, [
      `hiermit bestätigen wir Ihre ${cancellation.typeOfCancellation === 'extraordinary' ? 'außerordentliche' : 'ordentliche'} Kündigung vom ${formatReceivedAt(cancellation.receivedAt).date}.`,
      '',
      `Vertrag: ${oneLine(cancellation.contractName)}`,
      ...(cancellation.contractNumber ? [`Vertragsnummer: ${cancellation.contractNumber}`] : []),
      ...(cancellation.customerId ? [`Kundennummer: ${oneLine(cancellation.customerId)}`] : []),
      `Vertragsende: ${germanDate(contractEndIso)}`,
      '',
      `Der Vertrag endet mit Ablauf des ${germanDate(contractEndIso)}. Bis dahin stehen Ihnen alle Leistungen wie gewohnt zur Verfügung.`,
    ]),
  };
}

/**
 * Records that an agent processed the cancellation with the contract end that applies, ends the
 * matched contract on that day (with the agent's note), and queues the confirmation mail, in one
 * transaction. Returns the outbox id to deliver after the commit, or null when the cancellation
 * does not exist or was processed already. An end other than the one computed on receipt needs
 * a note (400). A cancellation that named no contract unambiguously can be assigned one by its
 * number (it must still run, else 400); without any contract the note is not kept.
 */
export async function recordCancellationProcessed(
  db: Db,
  id: number,
  contractEndIso: string,
  { note = '', contractNumber = '' }: { note?: string; contractNumber?: string } = {},
  now: Date = new Date(),
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // One statement for both updates. The note is checked against the stored computed end
    // afterwards, in the same transaction: a refused end rolls back, an accepted one costs no
    // extra round trip for reading the cancellation first.
    const { rows } = await tx.query<{
      id: number;
      received_at: Date;
      contract_name: string;
      firstname: string;
      lastname: string;
      email: string;
      customer_id: string;
      type_of_cancellation: 'regular' | 'extraordinary';
      computed_end_date: string | null;
      contract_number: string | null;
    }>(
      `WITH processed AS (
         UPDATE cancellations SET status = 'processed', contract_end_date = $2::date, processed_at = $3,
           contract_id = coalesce(contract_id, (SELECT id FROM contracts WHERE contract_number = NULLIF($5, '') AND ends_on IS NULL))
         WHERE id = $1 AND status = 'received'
         RETURNING id, received_at, contract_name, firstname, lastname, email, customer_id, type_of_cancellation, contract_id, computed_end_date
       ), ended AS (
         UPDATE contracts k SET ends_on = $2::date, cancellation_id = p.id, end_note = NULLIF($4, '')
         FROM processed p WHERE k.id = p.contract_id
         RETURNING k.contract_number
       )
       SELECT p.id, p.received_at, p.contract_name, p.firstname, p.lastname, p.email, p.customer_id, p.type_of_cancellation,
              to_char(p.computed_end_date, 'YYYY-MM-DD') AS computed_end_date, (SELECT contract_number FROM ended) AS contract_number
       FROM processed p`,
      [id, contractEndIso, now, note, contractNumber],
    );
    const row = rows[0];
    if (!row) return null;
    // An assigned contract must exist and still run; the exception rolls the processing back.
    if (contractNumber !== '' && row.contract_number === null) {
      throw new HttpError(400, inboxMessages.contractNotRunning, { contractNumber: inboxMessages.contractNotRunning });
    }
    validate(cancellationEndSchema(row.contract_number === null ? null : row.computed_end_date), { endDate: contractEndIso, note });
    return enqueueMail(
      tx,
      cancellationConfirmationMail(
        {
          id: row.id,
          receivedAt: row.received_at,
          contractName: row.contract_name,
          firstname: row.firstname,
          lastname: row.lastname,
          email: row.email,
          customerId: row.customer_id,
          typeOfCancellation: row.type_of_cancellation,
          contractNumber: row.contract_number,
        },
        contractEndIso,
      ),
    );
  });
}

/** The logged-in customer and the address their receipt goes to, or null for a visitor. */
export async function cancellingCustomer(db: Queryable, sessionToken: string | undefined): Promise<{ user: SessionUser; email: string } | null> {
  const user = await sessionUser(db, sessionToken);
  if (!user) return null;
  const { rows } = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [user.userId]);
  return rows[0] ? { user, email: rows[0].email } : null;
}
