import { maskIban } from '../../../lib/iban.ts';
import type { Queryable } from '../../../server/db/index.ts';

/**
 * The parts of the GDPR export (Art. 15, 20; src/server/auth/accounts.ts exportAccount) that the
 * account's declarations and payment data add (docs/decisions/0062-deletion-periods.md lists every
 * table that holds personal data and where it appears): the cancellations and withdrawals that are
 * the account's – sent while logged in, or naming its contracts and orders – with their identity
 * confirmation and attribution, the bank accounts its direct-debit mandates name, and the mails
 * still in the outbox that went to its confirmed address while it existed.
 */

export interface ExportedCancellation {
  receivedAt: string;
  contractNumber: string | null;
  contractName: string;
  typeOfCancellation: string;
  reason: string;
  endOfContractPeriod: string;
  requestedEndDate: string | null;
  customerId: string;
  orderNumber: string;
  sender: { firstname: string; lastname: string; street: string; streetExtra: string; postcode: string; locality: string; country: string; email: string };
  annotation: string;
  identityConfirmedAt: string | null;
  attributedAt: string | null;
  attributedBy: string | null;
  status: string;
  computedEndDate: string | null;
  contractEndDate: string | null;
  decisionReason: string | null;
  processedAt: string | null;
}

export interface ExportedWithdrawal {
  receivedAt: string;
  contract: string;
  name: string;
  email: string;
  orderNumbers: string[];
  identityConfirmedAt: string | null;
  attributedAt: string | null;
  attributedBy: string | null;
}

export interface ExportedBankAccount {
  orderNumber: string;
  /** Masked: the export is a file that travels; the full IBAN is not needed to recognise the account. */
  iban: string;
  accountHolder: string;
  mandateReference: string | null;
  mandateGivenAt: string;
}

export interface ExportedMail {
  createdAt: string;
  sentAt: string | null;
  subject: string;
  text: string;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export async function exportedDeclarations(
  db: Queryable,
  userId: string,
): Promise<{ cancellations: ExportedCancellation[]; withdrawals: ExportedWithdrawal[]; bankAccounts: ExportedBankAccount[]; mails: ExportedMail[] }> {
  const cancellations = await db.query<ExportedCancellation>(
    `SELECT c.received_at AS "receivedAt", k.contract_number AS "contractNumber", c.contract_name AS "contractName",
            c.type_of_cancellation AS "typeOfCancellation", c.cancellation_reason AS reason, c.end_of_contract_period AS "endOfContractPeriod",
            to_char(c.requested_end_date, 'YYYY-MM-DD') AS "requestedEndDate", c.customer_id AS "customerId", c.order_id AS "orderNumber",
            json_build_object('firstname', c.firstname, 'lastname', c.lastname, 'street', c.street, 'streetExtra', c.street_extra,
                              'postcode', c.postcode, 'locality', c.locality, 'country', c.country, 'email', c.email) AS sender,
            c.annotation, c.identity_confirmed_at AS "identityConfirmedAt", c.attributed_at AS "attributedAt", c.attributed_by AS "attributedBy",
            c.status, to_char(c.computed_end_date, 'YYYY-MM-DD') AS "computedEndDate", to_char(c.contract_end_date, 'YYYY-MM-DD') AS "contractEndDate",
            c.decision_reason AS "decisionReason", c.processed_at AS "processedAt"
     FROM cancellations c LEFT JOIN contracts k ON k.id = c.contract_id
     WHERE c.user_id = $1 OR k.user_id = $1
     ORDER BY c.received_at, c.id`,
    [userId],
  );
  const withdrawals = await db.query<ExportedWithdrawal>(
    `SELECT w.received_at AS "receivedAt", w.contract, w.name, w.email,
            coalesce((SELECT json_agg(o.order_number ORDER BY o.order_number) FROM withdrawal_orders wo JOIN orders o ON o.id = wo.order_id
                      WHERE wo.withdrawal_id = w.id), '[]'::json) AS "orderNumbers",
            w.identity_confirmed_at AS "identityConfirmedAt", w.attributed_at AS "attributedAt", w.attributed_by AS "attributedBy"
     FROM withdrawals w
     WHERE w.user_id = $1
        OR EXISTS (SELECT 1 FROM withdrawal_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.withdrawal_id = w.id AND o.user_id = $1)
     ORDER BY w.received_at, w.id`,
    [userId],
  );
  const banks = await db.query<{ order_number: string; iban: string; name: string; mandate_reference: string | null; sepa_mandate_at: Date }>(
    `SELECT order_number, iban, name, mandate_reference, sepa_mandate_at FROM orders
     WHERE user_id = $1 AND iban IS NOT NULL ORDER BY created_at, id`,
    [userId],
  );
  // Only once the account has proved it owns the address (anyone can register a stranger's address
  // and must not read the stranger's mails), and only mails written after the account was created
  // (an address can have had an earlier owner).
  const mails = await db.query<{ created_at: Date; sent_at: Date | null; subject: string; text_body: string }>(
    `SELECT m.created_at, m.sent_at, m.subject, m.text_body FROM mail_outbox m JOIN users u ON lower(m.recipient) = lower(u.email)
     WHERE u.id = $1 AND u.email_verified_at IS NOT NULL AND m.created_at >= u.created_at ORDER BY m.created_at, m.id`,
    [userId],
  );
  return {
    cancellations: cancellations.rows.map((c) => ({
      ...c,
      receivedAt: iso(c.receivedAt)!,
      identityConfirmedAt: iso(c.identityConfirmedAt),
      attributedAt: iso(c.attributedAt),
      processedAt: iso(c.processedAt),
    })),
    withdrawals: withdrawals.rows.map((w) => ({ ...w, receivedAt: iso(w.receivedAt)!, identityConfirmedAt: iso(w.identityConfirmedAt), attributedAt: iso(w.attributedAt) })),
    bankAccounts: banks.rows.map((b) => ({
      orderNumber: b.order_number,
      iban: maskIban(b.iban),
      accountHolder: b.name,
      mandateReference: b.mandate_reference,
      mandateGivenAt: iso(b.sepa_mandate_at)!,
    })),
    mails: mails.rows.map((m) => ({ createdAt: iso(m.created_at)!, sentAt: iso(m.sent_at), subject: m.subject, text: m.text_body })),
  };
}
