import { site } from '../../config/site.ts';
import { cancellationLink } from '../../features/legal-forms/routes.ts';
import { routeUrl } from '../../lib/http/route.ts';
import { isoFromGermanDate, todayIso } from '../../lib/forms/dates.ts';
import { cancellationSummary, type Cancellation, type CustomerCancellation } from '../../lib/schemas/forms/cancellation.ts';
import {
  CANCELLATION_EFFECTIVE,
  candidateContractLines,
  contractEndLines,
  EXTRAORDINARY_DECISION,
  type CancelledContract,
} from '../../lib/schemas/forms/cancellation-receipt.ts';
import { sessionUser, type SessionUser } from '../auth/session.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import { namedContract } from '../contracts/cancelled-contract.ts';
import type { Db, Queryable } from '../db/index.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { letterText, oneLine, receivedLine, summaryText } from '../mail/letter.ts';
import { insertRecord, storeSubmission, type StoredRecord, type SubmissionMails } from './submission.ts';

/**
 * Cancellations under § 312k BGB: stored as declared, a receipt at once (content, date and time
 * of receipt), effective on receipt. The contract changes only once the cancellation is
 * attributable to its owner (decision 0054): at once when the logged-in owner sends it; for a
 * visitor when the identity link mailed to the address on record is confirmed
 * (cancellation-identity.ts), or when an agent processes it (contracts/cancellation-processing.ts).
 * The declaration columns are never updated afterwards.
 */

export const IDENTITY_PATH = '/vertraege-kuendigen/bestaetigen';

/** Who cancels: a visitor with the full form, or a logged-in customer with less data (SPEC §6). */
export type CancellationSender =
  | { kind: 'visitor'; declaration: Cancellation }
  | { kind: 'customer'; declaration: CustomerCancellation; user: SessionUser; email: string };

/**
 * A stored cancellation and the contract it names: for a customer the own contract it changed
 * (attributed 'account'); for a visitor only the candidate, which the receipt mail names and
 * the answer never does.
 */
export interface StoredCancellationRecord extends StoredRecord {
  contract: CancelledContract | null;
  attributed: boolean;
  /** The identity link its receipt carries: null once attributed, or for a confirmed account's own inbox. */
  identityUrl: string | null;
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

/** What the receipt mail says after the content: the contract, and what happens next. */
function outcomeLines(sender: CancellationSender, record: StoredCancellationRecord): string[] {
  const { identityUrl } = record;
  const extraordinary = sender.declaration.type_of_cancellation === 'extraordinary';
  const next = extraordinary ? EXTRAORDINARY_DECISION : 'Sobald wir sie bearbeitet haben, bestätigen wir Ihnen das Vertragsende per E-Mail.';
  if (record.attributed && record.contract) {
    return [...summaryText(contractEndLines(record.contract)), '', CANCELLATION_EFFECTIVE, next];
  }
  const effective = extraordinary ? CANCELLATION_EFFECTIVE : `${CANCELLATION_EFFECTIVE} Das Vertragsende berechnen wir ab dem Tag des Eingangs.`;
  const lines = [...summaryText(sender.kind === 'visitor' ? candidateContractLines(record.contract) : []), '', effective];
  if (identityUrl) {
    lines.push(
      'Den Vertrag ändern wir erst, wenn wir wissen, dass die Kündigung vom Vertragsinhaber stammt. Bitte bestätigen Sie mit diesem Link, dass sie von Ihnen stammt:',
      identityUrl,
      'Ohne diese Bestätigung prüfen wir die Kündigung von Hand; das dauert länger.',
    );
  } else {
    lines.push('Keinem Ihrer laufenden Verträge konnten wir sie eindeutig zuordnen: Wir prüfen sie von Hand.');
  }
  return [...lines, next];
}

function receiptMail(sender: CancellationSender, record: StoredCancellationRecord): OutgoingMail {
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
      ...outcomeLines(sender, record),
      '',
      'Bitte bewahren Sie diese E-Mail als Nachweis auf.',
    ]),
  };
}

function notificationMail(sender: CancellationSender, record: StoredCancellationRecord): OutgoingMail {
  const { email, summary } = described(sender);
  const contract = record.contract ? `${record.contract.name} (${record.contract.contractNumber})` : 'keiner eindeutig';
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
      `Passender Vertrag: ${contract}`,
      record.attributed
        ? 'Zugeordnet: vom angemeldeten Kundenkonto, dem der Vertrag gehört.'
        : 'Noch nicht zugeordnet: Der Vertrag bleibt unverändert, bis der Bestätigungslink bestätigt oder die Kündigung im Dashboard bearbeitet ist.',
    ].join('\n'),
  };
}

/**
 * Stores a cancellation and queues its receipt and the notification to the company, in one
 * transaction. A logged-in customer naming a running contract of their own account attributes
 * it at once ('account'): an ordinary one ends that contract on the end computed for the day of
 * receipt, in the same statement. Everything else waits: a visitor's receipt carries the
 * identity link (the candidate contract was placed under the address it goes to), and so does a
 * customer's whose address is not yet confirmed.
 */
export async function createCancellation(
  db: Db,
  cookies: Map<string, string>,
  sender: CancellationSender,
  origin: string,
  now: Date = new Date(),
): Promise<StoredCancellationRecord & SubmissionMails> {
  const d = sender.declaration;
  const visitor = sender.kind === 'visitor' ? sender.declaration : null;
  const requestedEnd = d.end_of_contract_period === 'date' ? isoFromGermanDate(d.end_of_contract_period_date) : null;
  const owner = sender.kind === 'customer' ? { userId: sender.user.userId } : { email: sender.declaration.email };
  // A confirmed account's own inbox needs no link: the session and the address are proven.
  const verifiedCustomer = sender.kind === 'customer' && sender.user.emailVerified;
  return storeSubmission(db, {
    cookies,
    security: visitor,
    store: async (tx) => {
      const contract = await namedContract(tx, owner, d, requestedEnd, todayIso(now));
      const attributed = sender.kind === 'customer' && contract !== null;
      const token = attributed || verifiedCustomer ? null : newToken();
      // The declaration and, when its owner sent it, the contract's end in one statement.
      const record = await insertRecord(
        tx,
        `WITH cancellation AS (
           INSERT INTO cancellations (user_id, contract_name, type_of_cancellation, cancellation_reason, end_of_contract_period,
             requested_end_date, customer_id, order_id, firstname, lastname, street, street_extra, postcode, locality, country,
             email, annotation, identity_token_hash, identity_confirmed_at, received_at, contract_id, computed_end_date,
             attributed_at, attributed_by)
           VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
             CASE WHEN $19::boolean THEN $20::timestamptz END, $20, $21::bigint, $22::date,
             CASE WHEN $23::boolean THEN $20::timestamptz END, CASE WHEN $23::boolean THEN 'account' END)
           RETURNING id, received_at
         ), ended AS (
           UPDATE contracts SET ends_on = $22::date, cancellation_id = (SELECT id FROM cancellation)
           WHERE id = $21::bigint AND $23::boolean AND $22::date IS NOT NULL
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
          d.order_id || (attributed ? contract!.contractNumber : ''),
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
          verifiedCustomer,
          now,
          contract?.id ?? null,
          contract?.endsOn ?? null,
          attributed,
        ],
      );
      const named = contract ? { contractNumber: contract.contractNumber, name: contract.name, endsOn: contract.endsOn } : null;
      return { ...record, contract: named, attributed, identityUrl: token ? `${origin}${routeUrl(cancellationLink, { params: { token } })}` : null };
    },
    mails: (record) => [receiptMail(sender, record), notificationMail(sender, record)],
    confirmedRecipient: () => (verifiedCustomer ? sender.email : undefined),
  });
}

/** The logged-in customer and the address their receipt goes to, or null for a visitor. */
export async function cancellingCustomer(db: Queryable, sessionToken: string | undefined): Promise<{ user: SessionUser; email: string } | null> {
  const user = await sessionUser(db, sessionToken);
  if (!user) return null;
  const { rows } = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [user.userId]);
  return rows[0] ? { user, email: rows[0].email } : null;
}
