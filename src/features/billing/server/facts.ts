import type { Queryable } from '../../../server/db/index.ts';
import { creditSettlement, type CreditFacts, type CreditSettlement, type LedgerFacts } from '../state.ts';

/**
 * The one statement shape that loads what an invoice's state is computed from (issue 34,
 * docs/decisions/0058-invoice-state.md): the facts of its ledger as JSON – the invoice, its
 * cancellation invoices, the money recorded for them and the debit handed to the bank – and no
 * decision about them. Every reader (customer area, agents' list, inbox, reminder, SEPA file,
 * issuing) embeds it and hands the JSON to the pure functions of ../state.ts. Days come out of
 * JSON as 'YYYY-MM-DD' and cents as JSON numbers on every driver, so the JSON is LedgerFacts as it is.
 */

/** The ledger of the invoice whose id is `invoiceId` (an SQL expression of a `kind = 'invoice'` row). */
function ledgerOf(invoiceId: string): string {
  return `(SELECT json_build_object(
    'number', l.invoice_number,
    'totalCents', l.gross_cents,
    'dueOn', l.due_on,
    'paymentMethod', l.payment_method,
    'debitOn', l.debit_on,
    'payment', (SELECT json_build_object('receivedOn', p.received_on, 'cents', p.amount_cents) FROM invoice_payments p WHERE p.invoice_id = l.id),
    'submittedDebit', (SELECT json_build_object('cents', e.amount_cents, 'exportId', e.export_id) FROM sepa_export_invoices e WHERE e.invoice_id = l.id),
    'credits', (SELECT coalesce(json_agg(json_build_object(
                  'number', c.invoice_number,
                  'totalCents', c.gross_cents,
                  'issuedOn', c.issued_on,
                  'dueOn', c.due_on,
                  'refund', (SELECT json_build_object('receivedOn', r.received_on, 'cents', r.amount_cents) FROM invoice_payments r WHERE r.invoice_id = c.id))
                ORDER BY c.id), '[]'::json)
                FROM invoices c WHERE c.cancels_id = l.id))
  FROM invoices l WHERE l.id = ${invoiceId})`;
}

/**
 * The ledger facts of the invoice row `alias` – for a cancellation invoice, of the invoice it
 * corrects – as a JSON column expression.
 */
export const ledgerFactsSql = (alias: string): string => ledgerOf(`coalesce(${alias}.cancels_id, ${alias}.id)`);

/**
 * What a cancellation invoice about to be issued means for the money of the invoice it corrects
 * (../state.ts creditSettlement), read in the issuing transaction. The corrected invoice's row is
 * locked first, as recording a payment does (agent-payment.ts): a payment recorded at the same
 * moment is either seen here or records what is open after this cancellation.
 */
export async function settlementAtIssue(
  tx: Queryable,
  cancelsId: number,
  credit: Pick<CreditFacts, 'number' | 'totalCents' | 'issuedOn' | 'dueOn'>,
): Promise<CreditSettlement> {
  await tx.query('SELECT 1 FROM invoices WHERE id = $1 FOR UPDATE', [cancelsId]);
  const { rows } = await tx.query<{ facts: LedgerFacts }>(`SELECT ${ledgerOf('$1::bigint')} AS facts`, [cancelsId]);
  const facts = rows[0]!.facts;
  return creditSettlement({ ...facts, credits: [...facts.credits, { ...credit, refund: null }] }, credit.issuedOn);
}
