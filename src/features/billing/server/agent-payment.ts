import type { AgentInvoice } from '../agent-types.ts';
import { agentInvoiceMessages, type PaymentInput } from '../schemas.ts';
import { invoiceState, recordsMoney, type LedgerFacts } from '../state.ts';
import type { Db, Queryable } from '../../../server/db/index.ts';
import { HttpError } from '../../../server/http/errors.ts';
import { agentInvoice } from './agent-list.ts';
import { ledgerFactsSql } from './facts.ts';

/**
 * An agent records the payment of an invoice (for a cancellation invoice: that the refund went
 * out). Once only: the payment sits beside the final invoice (invoice_payments, one row per
 * invoice), and a second record – also a concurrent one – is refused instead of overwriting the first.
 * It records the amount the ledger has open (../state.ts, decision 0058): what the invoice still
 * claims or its debit collects, or what the cancellation invoice owes back.
 */

export const paymentMessages = {
  invoiceNotFound: agentInvoiceMessages.invoiceNotFound,
  alreadyRecorded: 'Für diese Rechnung ist bereits ein Zahlungseingang erfasst.',
  nothingOpen: 'Für diese Rechnung ist kein Betrag offen.',
} as const;

/** The day the invoice was issued ('YYYY-MM-DD'), the earliest a payment can be recorded for; undefined for an unknown number. */
export async function invoiceIssuedOn(db: Queryable, invoiceNumber: string): Promise<string | undefined> {
  const { rows } = await db.query<{ issued_on: string }>("SELECT to_char(issued_on, 'YYYY-MM-DD') AS issued_on FROM invoices WHERE invoice_number = $1", [invoiceNumber]);
  return rows[0]?.issued_on;
}

export async function recordPayment(db: Db, invoiceNumber: string, input: PaymentInput, agentId: string, today: string): Promise<AgentInvoice> {
  await db.transaction(async (tx) => {
    // The ledger's invoice row is locked first, as issuing a cancellation invoice does (facts.ts):
    // the amount recorded is the one open after every cancellation invoice issued before.
    const locked = await tx.query('SELECT 1 FROM invoices l JOIN invoices i ON l.id = coalesce(i.cancels_id, i.id) WHERE i.invoice_number = $1 FOR UPDATE OF l', [
      invoiceNumber,
    ]);
    if (locked.rowCount === 0) throw new HttpError(404, paymentMessages.invoiceNotFound);
    const { rows } = await tx.query<{ id: number; kind: 'invoice' | 'cancellation'; recorded: boolean; facts: LedgerFacts }>(
      `SELECT i.id, i.kind, EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = i.id) AS recorded, ${ledgerFactsSql('i')} AS facts
       FROM invoices i WHERE i.invoice_number = $1`,
      [invoiceNumber],
    );
    const row = rows[0]!;
    if (row.recorded) throw new HttpError(409, paymentMessages.alreadyRecorded);
    const own = invoiceState(row.facts, invoiceNumber, today);
    if (!recordsMoney(row.kind, own.state)) throw new HttpError(409, paymentMessages.nothingOpen);
    // The primary key stays the last guard against a second record.
    const inserted = await tx.query(
      'INSERT INTO invoice_payments (invoice_id, received_on, recorded_by, amount_cents) VALUES ($1, $2::date, $3, $4) ON CONFLICT (invoice_id) DO NOTHING',
      [row.id, input.receivedOn, agentId, own.openCents],
    );
    if (inserted.rowCount === 0) throw new HttpError(409, paymentMessages.alreadyRecorded);
  });
  return (await agentInvoice(db, invoiceNumber, today))!;
}
