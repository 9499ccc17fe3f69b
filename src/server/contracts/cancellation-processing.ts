import { formatReceivedAt, germanDate, todayIso } from '../../lib/forms/dates.ts';
import type { CancellationType } from '../../lib/schemas/forms/cancellation-receipt.ts';
import { cancellationDecisionSchema, cancellationEndSchema, inboxMessages } from '../../lib/schemas/inbox.ts';
import type { Db } from '../db/index.ts';
import { validate } from '../http/body.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueMail, type OutgoingMail } from '../mail/index.ts';
import { letterText, oneLine } from '../mail/letter.ts';

/**
 * What an agent does with a cancellation (decisions 0031, 0054). Processing it is also its
 * attribution ('agent') when neither the owner's account nor the identity link came first:
 * - an ordinary one: the agent confirms the end computed for the day of receipt or corrects it
 *   with a note, and the confirmation goes out;
 * - an extraordinary one is a request: the agent decides the end and gives the reason, the
 *   decision is mailed, and only then the contract ends.
 * Each in one transaction with its mail; a second processing changes nothing (null).
 */

export interface StoredCancellation {
  id: number;
  receivedAt: Date;
  contractName: string;
  firstname: string;
  lastname: string;
  email: string;
  customerId: string;
  typeOfCancellation: CancellationType;
  /** 'V-000042' when the cancellation names one of our contracts. */
  contractNumber?: string | null;
}

interface ProcessedRow {
  id: number;
  received_at: Date;
  contract_name: string;
  firstname: string;
  lastname: string;
  email: string;
  customer_id: string;
  type_of_cancellation: CancellationType;
  computed_end_date: string | null;
  contract_number: string | null;
}

function storedCancellation(row: ProcessedRow): StoredCancellation {
  return {
    id: row.id,
    receivedAt: row.received_at,
    contractName: row.contract_name,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    customerId: row.customer_id,
    typeOfCancellation: row.type_of_cancellation,
    contractNumber: row.contract_number,
  };
}

function contractLines(cancellation: StoredCancellation): string[] {
  return [
    `Vertrag: ${oneLine(cancellation.contractName)}`,
    ...(cancellation.contractNumber ? [`Vertragsnummer: ${cancellation.contractNumber}`] : []),
    ...(cancellation.customerId ? [`Kundennummer: ${oneLine(cancellation.customerId)}`] : []),
  ];
}

const name = (cancellation: StoredCancellation) => `${cancellation.firstname} ${cancellation.lastname}`.trim();

/**
 * The cancellation confirmation (§ 312k Abs. 4 BGB) an agent sends once an ordinary cancellation
 * is processed: which contract ends on which day.
 */
export function cancellationConfirmationMail(cancellation: StoredCancellation, contractEndIso: string): OutgoingMail {
  return {
    to: cancellation.email,
    subject: `Bestätigung Ihrer Kündigung (Nr. ${cancellation.id})`,
    text: letterText(name(cancellation), [
      `hiermit bestätigen wir Ihre ${cancellation.typeOfCancellation === 'extraordinary' ? 'außerordentliche' : 'ordentliche'} Kündigung vom ${formatReceivedAt(cancellation.receivedAt).date}.`,
      '',
      ...contractLines(cancellation),
      `Vertragsende: ${germanDate(contractEndIso)}`,
      '',
      `Der Vertrag endet mit Ablauf des ${germanDate(contractEndIso)}. Bis dahin stehen Ihnen alle Leistungen wie gewohnt zur Verfügung.`,
    ]),
  };
}

/** The decision on an extraordinary cancellation: the end that applies and why. */
function cancellationDecisionMail(cancellation: StoredCancellation, contractEndIso: string, reason: string): OutgoingMail {
  return {
    to: cancellation.email,
    subject: `Entscheidung über Ihre außerordentliche Kündigung (Nr. ${cancellation.id})`,
    text: letterText(name(cancellation), [
      `wir haben Ihre außerordentliche Kündigung vom ${formatReceivedAt(cancellation.receivedAt).date} geprüft und wie folgt entschieden.`,
      '',
      ...contractLines(cancellation),
      `Vertragsende: ${germanDate(contractEndIso)}`,
      `Begründung: ${reason.replace(/\r?\n/g, '\n    ')}`,
      '',
      `Der Vertrag endet mit Ablauf des ${germanDate(contractEndIso)}. Bis dahin stehen Ihnen alle Leistungen wie gewohnt zur Verfügung.`,
    ]),
  };
}

/** The columns both kinds of processing return: the cancellation, its computed end and the contract it ended. */
const PROCESSED_COLUMNS = `p.id, p.received_at, p.contract_name, p.firstname, p.lastname, p.email, p.customer_id, p.type_of_cancellation,
  to_char(p.computed_end_date, 'YYYY-MM-DD') AS computed_end_date, (SELECT contract_number FROM ended) AS contract_number`;

/** A contract number the agent assigns must be a running contract; the exception rolls the processing back. */
function refuseUnknownContract(row: ProcessedRow, contractNumber: string): void {
  if (contractNumber !== '' && row.contract_number === null) {
    throw new HttpError(400, inboxMessages.contractNotRunning, { contractNumber: inboxMessages.contractNotRunning });
  }
}

/**
 * Records that an agent processed an ordinary cancellation with the end that applies, ends the
 * matched contract on that day (with the agent's note), attributes it if nothing did before, and
 * queues the confirmation mail, in one transaction. Returns the outbox id to deliver after the
 * commit, or null when no such open ordinary cancellation exists. An end other than the one
 * computed on receipt needs a note (400). A cancellation that named no contract unambiguously can
 * be assigned one by its number (it must still run, else 400); without any contract the note is
 * not kept.
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
    const { rows } = await tx.query<ProcessedRow>(
      `WITH processed AS (
         UPDATE cancellations SET status = 'processed', contract_end_date = $2::date, processed_at = $3,
           attributed_at = coalesce(attributed_at, $3), attributed_by = coalesce(attributed_by, 'agent'),
           contract_id = coalesce(contract_id, (SELECT id FROM contracts WHERE contract_number = NULLIF($5, '') AND ends_on IS NULL))
         WHERE id = $1 AND status = 'received' AND type_of_cancellation = 'regular'
         RETURNING *
       ), ended AS (
         UPDATE contracts k SET ends_on = $2::date, cancellation_id = p.id, end_note = NULLIF($4, '')
         FROM processed p WHERE k.id = p.contract_id
         RETURNING k.contract_number
       )
       SELECT ${PROCESSED_COLUMNS} FROM processed p`,
      [id, contractEndIso, now, note, contractNumber],
    );
    const row = rows[0];
    if (!row) return null;
    refuseUnknownContract(row, contractNumber);
    validate(cancellationEndSchema(row.contract_number === null ? null : row.computed_end_date), { endDate: contractEndIso, note });
    return enqueueMail(tx, cancellationConfirmationMail(storedCancellation(row), contractEndIso));
  });
}

/**
 * Records an agent's decision on an extraordinary cancellation – the end and the reason, both
 * required, the end not before the day of receipt – ends the contract on that day (the reason
 * kept as its note), attributes the cancellation if nothing did before, and queues the decision
 * mail, in one transaction. Returns the outbox id, or null when no such open extraordinary
 * cancellation exists. Like the processing, a contract can be assigned by its number.
 */
export async function recordCancellationDecision(
  db: Db,
  id: number,
  decision: { endDate: string; reason: string; contractNumber?: string },
  now: Date = new Date(),
): Promise<number | null> {
  const { endDate, reason, contractNumber = '' } = decision;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ProcessedRow>(
      `WITH processed AS (
         UPDATE cancellations SET status = 'processed', contract_end_date = $2::date, processed_at = $3, decision_reason = $4,
           attributed_at = coalesce(attributed_at, $3), attributed_by = coalesce(attributed_by, 'agent'),
           contract_id = coalesce(contract_id, (SELECT id FROM contracts WHERE contract_number = NULLIF($5, '') AND ends_on IS NULL))
         WHERE id = $1 AND status = 'received' AND type_of_cancellation = 'extraordinary'
         RETURNING *
       ), ended AS (
         UPDATE contracts k SET ends_on = $2::date, cancellation_id = p.id, end_note = $4
         FROM processed p WHERE k.id = p.contract_id
         RETURNING k.contract_number
       )
       SELECT ${PROCESSED_COLUMNS} FROM processed p`,
      [id, endDate, now, reason, contractNumber],
    );
    const row = rows[0];
    if (!row) return null;
    refuseUnknownContract(row, contractNumber);
    // Checked against the stored day of receipt after the update: a refused decision rolls back.
    validate(cancellationDecisionSchema(todayIso(row.received_at)), { endDate, reason, contractNumber });
    return enqueueMail(tx, cancellationDecisionMail(storedCancellation(row), endDate, reason));
  });
}
