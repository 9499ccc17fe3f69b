import type { AgentInvoice, InvoicePage } from '../agent-types.ts';
import { INVOICES_PAGE_SIZE, type InvoiceQuery, type InvoiceStatusFilter } from '../schemas.ts';
import { AWAITING_STATES, DONE_STATES, ledgerState, type InvoiceState, type LedgerFacts } from '../state.ts';
import { ledgerFactsSql } from './facts.ts';
import { documentStateSql } from './state-sql.ts';
import type { Queryable } from '../../../server/db/index.ts';
import type { InvoiceKind, InvoicePaymentMethod } from '../kinds.ts';

/**
 * The agents' view of every invoice (issue 24), newest first. One statement per page (decision
 * 0044): it loads each invoice with its ledger's facts (facts.ts), filters, pages and counts, and
 * always returns a row, so a page beyond the last still knows the total. The states are computed
 * by ../state.ts; only the status filter asks the database for them, in the SQL form proven equal
 * to it (state-sql.ts), because a page must be cut after filtering (decision 0058).
 */

interface Row {
  total_invoices: number;
  invoice_number: string | null;
  kind: InvoiceKind;
  cancels_number: string | null;
  order_number: string;
  buyer: { name?: string; company?: string | null; email?: string };
  issued_on: string;
  due_on: string;
  gross_cents: number;
  payment_method: InvoicePaymentMethod;
  mandate_reference: string | null;
  reminders_sent: number;
  last_reminder_at: Date | string | null;
  facts: LedgerFacts;
  documents: ('pdf' | 'xml')[];
}

/** The states each status filter shows; 'all' filters nothing. */
const FILTER_STATES: Readonly<Record<Exclude<InvoiceStatusFilter, 'all'>, readonly InvoiceState[]>> = {
  open: AWAITING_STATES,
  overdue: ['overdue'],
  paid: DONE_STATES,
};

// strpos instead of LIKE: the search text is matched literally, '%' and '_' included.
const SQL = `
WITH documents AS (
  SELECT i.*, o.order_number, x.invoice_number AS cancels_number, ${ledgerFactsSql('i')} AS facts
  FROM invoices i
  JOIN orders o ON o.id = i.order_id
  LEFT JOIN invoices x ON x.id = i.cancels_id
), matched AS (
  SELECT * FROM documents s
  WHERE ($2::text = '' OR s.kind = $2::text)
    AND ($3::text[] IS NULL OR ${documentStateSql('s.facts', 's.invoice_number', '$1::date')} = ANY ($3::text[]))
    AND ($4::text = '' OR strpos(lower(s.invoice_number), lower($4::text)) > 0 OR strpos(lower(s.order_number), lower($4::text)) > 0
         OR strpos(lower(coalesce(s.mandate_reference, '')), lower($4::text)) > 0 OR strpos(lower(coalesce(s.buyer ->> 'name', '')), lower($4::text)) > 0
         OR strpos(lower(coalesce(s.buyer ->> 'company', '')), lower($4::text)) > 0 OR strpos(lower(coalesce(s.buyer ->> 'email', '')), lower($4::text)) > 0)
    AND ($6::text IS NULL OR s.invoice_number = $6::text)
), page AS (
  SELECT * FROM matched ORDER BY issued_on DESC, id DESC LIMIT ${INVOICES_PAGE_SIZE} OFFSET $5
)
SELECT (SELECT count(*)::int FROM matched) AS total_invoices,
       p.invoice_number, p.kind, p.cancels_number, p.order_number, p.buyer,
       to_char(p.issued_on, 'YYYY-MM-DD') AS issued_on, to_char(p.due_on, 'YYYY-MM-DD') AS due_on, p.gross_cents,
       p.payment_method, p.mandate_reference, p.facts,
       (SELECT count(*)::int FROM invoice_reminders r WHERE r.invoice_id = p.id) AS reminders_sent,
       (SELECT max(r.sent_at) FROM invoice_reminders r WHERE r.invoice_id = p.id) AS last_reminder_at,
       ARRAY(SELECT d.kind FROM invoice_documents d WHERE d.invoice_id = p.id ORDER BY d.kind = 'xml', d.kind) AS documents
FROM (SELECT 1) AS always
LEFT JOIN page p ON true
ORDER BY p.issued_on DESC, p.id DESC`;

function invoiceOf(row: Row & { invoice_number: string }, today: string): AgentInvoice {
  const { facts } = row;
  const ledger = ledgerState(facts, today);
  const own = row.kind === 'invoice' ? ledger.invoice : ledger.credits[facts.credits.findIndex((credit) => credit.number === row.invoice_number)]!;
  const recorded = row.kind === 'invoice' ? facts.payment : facts.credits.find((credit) => credit.number === row.invoice_number)!.refund;
  return {
    number: row.invoice_number,
    kind: row.kind,
    cancels: row.cancels_number,
    cancelledBy: row.kind === 'invoice' ? facts.credits.map((credit) => credit.number) : [],
    orderNumber: row.order_number,
    buyer: { name: row.buyer.name ?? '', company: row.buyer.company ?? null, email: row.buyer.email ?? '' },
    issuedOn: row.issued_on,
    dueOn: row.due_on,
    grossCents: Number(row.gross_cents),
    openCents: own.openCents,
    paymentMethod: row.payment_method,
    mandateReference: row.mandate_reference,
    // The day the debit is collected: the announced one, or the one a new pre-notification named.
    debitOn: row.kind === 'invoice' ? (ledger.debit?.on ?? facts.debitOn) : null,
    state: own.state,
    paidOn: recorded?.receivedOn ?? null,
    remindersSent: Number(row.reminders_sent),
    lastReminderAt: row.last_reminder_at === null ? null : new Date(row.last_reminder_at).toISOString(),
    sepaExportId: row.kind === 'invoice' ? (facts.submittedDebit?.exportId ?? null) : null,
    documents: row.documents,
  };
}

async function query(db: Queryable, filter: InvoiceQuery, today: string, number: string | null) {
  // Far beyond the last page the offset stays a valid bigint; the page is just empty.
  const offset = Math.min((filter.page - 1) * INVOICES_PAGE_SIZE, Number.MAX_SAFE_INTEGER);
  const states = filter.status === 'all' ? null : FILTER_STATES[filter.status];
  const { rows } = await db.query<Row>(SQL, [today, filter.kind, states, filter.q, offset, number]);
  const invoices = rows.filter((row): row is Row & { invoice_number: string } => row.invoice_number !== null).map((row) => invoiceOf(row, today));
  return { invoices, total: rows[0]?.total_invoices ?? 0 };
}

export async function listInvoices(db: Queryable, filter: InvoiceQuery, today: string): Promise<InvoicePage> {
  const { invoices, total } = await query(db, filter, today, null);
  return {
    invoices,
    currentPage: filter.page,
    totalPages: Math.max(1, Math.ceil(total / INVOICES_PAGE_SIZE)),
    totalInvoices: total,
    today,
  };
}

/** One invoice as the list shows it (after an agent's action), or undefined when there is no such number. */
export async function agentInvoice(db: Queryable, number: string, today: string): Promise<AgentInvoice | undefined> {
  const { invoices } = await query(db, { status: 'all', kind: '', q: '', page: 1 }, today, number);
  return invoices[0];
}
