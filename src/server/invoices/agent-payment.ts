import type { AgentInvoice } from '../../lib/agent/invoice-types.ts';
import type { PaymentInput } from '../../lib/schemas/agent-invoices.ts';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { agentInvoice } from './agent-list.ts';

/**
 * An agent records the payment of an invoice (for a cancellation invoice: that the refund went
 * out). Once only: the payment sits beside the final invoice (invoice_payments, one row per
 * invoice), and a second record – also a concurrent one – is refused instead of overwriting the first.
 */

export const paymentMessages = {
  invoiceNotFound: 'Diese Rechnung gibt es nicht.',
  alreadyRecorded: 'Für diese Rechnung ist bereits ein Zahlungseingang erfasst.',
} as const;

export async function recordPayment(db: Queryable, invoiceNumber: string, input: PaymentInput, agentId: string, today: string): Promise<AgentInvoice> {
  const { rows } = await db.query<{ found: boolean; recorded: boolean }>(
    `WITH invoice AS (SELECT id FROM invoices WHERE invoice_number = $1),
     recorded AS (
       INSERT INTO invoice_payments (invoice_id, received_on, recorded_by) SELECT id, $2::date, $3 FROM invoice
       ON CONFLICT (invoice_id) DO NOTHING RETURNING invoice_id
     )
     SELECT EXISTS (SELECT 1 FROM invoice) AS found, EXISTS (SELECT 1 FROM recorded) AS recorded`,
    [invoiceNumber, input.receivedOn, agentId],
  );
  if (!rows[0]?.found) throw new HttpError(404, paymentMessages.invoiceNotFound);
  if (!rows[0].recorded) throw new HttpError(409, paymentMessages.alreadyRecorded);
  return (await agentInvoice(db, invoiceNumber, today))!;
}
