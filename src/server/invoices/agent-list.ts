import type { AgentInvoice, InvoicePage, InvoiceState } from '../../lib/agent/invoice-types.ts';
import { INVOICES_PAGE_SIZE, type InvoiceQuery } from '../../lib/schemas/agent-invoices.ts';
import type { Queryable } from '../db/index.ts';
import type { InvoiceKind, InvoicePaymentMethod } from '../../lib/invoices/kinds.ts';

/**
 * The agents' view of every invoice (issue 24), newest first. One statement per page (decision
 * 0044): it works out each invoice's state for today in Germany, filters, pages and counts, and
 * always returns a row, so a page beyond the last still knows the total.
 *
 * An invoice is settled when a payment is recorded or its cancellation invoices refund all of it;
 * a cancellation invoice is settled when its refund is recorded, or when the invoice it corrects was
 * never paid (then nothing goes back). Invoices stay as issued (migration 0025): all of this is read
 * from the tables beside them.
 */

interface Row {
  total_invoices: number;
  invoice_number: string | null;
  kind: InvoiceKind;
  cancels_number: string | null;
  cancelled_by: string[] | null;
  order_number: string;
  buyer: { name?: string; company?: string | null; email?: string };
  issued_on: string;
  due_on: string;
  gross_cents: number;
  open_cents: number;
  payment_method: InvoicePaymentMethod;
  mandate_reference: string | null;
  debit_on: string | null;
  state: InvoiceState;
  paid_on: string | null;
  reminders_sent: number;
  last_reminder_at: Date | string | null;
  sepa_export_id: number | null;
  documents: ('pdf' | 'xml')[];
}

/**
 * The invoices with their state, shared with the reminder and the payment: $1 = today ('YYYY-MM-DD').
 * `refunded`: what the cancellation invoices give back; `paid_on`: the recorded payment.
 */
export const INVOICE_STATES_SQL = `
invoice_states AS (
  SELECT i.*, o.order_number, p.received_on AS paid_on, coalesce(c.refunded, 0) AS refunded, c.numbers AS cancelled_by, x.invoice_number AS cancels_number,
         CASE
           WHEN p.received_on IS NOT NULL THEN 'paid'
           WHEN i.kind = 'invoice' AND coalesce(c.refunded, 0) >= i.gross_cents THEN 'cancelled'
           WHEN i.kind = 'cancellation' AND NOT EXISTS (SELECT 1 FROM invoice_payments xp WHERE xp.invoice_id = i.cancels_id) THEN 'nothing-due'
           WHEN i.due_on < $1::date THEN 'overdue'
           ELSE 'open'
         END AS state
  FROM invoices i
  JOIN orders o ON o.id = i.order_id
  LEFT JOIN invoice_payments p ON p.invoice_id = i.id
  LEFT JOIN invoices x ON x.id = i.cancels_id
  LEFT JOIN LATERAL (
    SELECT sum(r.gross_cents)::int AS refunded, array_agg(r.invoice_number ORDER BY r.id) AS numbers FROM invoices r WHERE r.cancels_id = i.id
  ) c ON i.kind = 'invoice'
)`;

// strpos instead of LIKE: the search text is matched literally, '%' and '_' included.
const SQL = `
WITH ${INVOICE_STATES_SQL}, matched AS (
  SELECT * FROM invoice_states s
  WHERE ($2::text = '' OR s.kind = $2::text)
    AND CASE $3::text
          WHEN 'open' THEN s.state IN ('open', 'overdue')
          WHEN 'overdue' THEN s.state = 'overdue'
          WHEN 'paid' THEN s.state IN ('paid', 'cancelled', 'nothing-due')
          ELSE true
        END
    AND ($4::text = '' OR strpos(lower(s.invoice_number), lower($4::text)) > 0 OR strpos(lower(s.order_number), lower($4::text)) > 0
         OR strpos(lower(coalesce(s.mandate_reference, '')), lower($4::text)) > 0 OR strpos(lower(coalesce(s.buyer ->> 'name', '')), lower($4::text)) > 0
         OR strpos(lower(coalesce(s.buyer ->> 'company', '')), lower($4::text)) > 0 OR strpos(lower(coalesce(s.buyer ->> 'email', '')), lower($4::text)) > 0)
    AND ($6::text IS NULL OR s.invoice_number = $6::text)
), page AS (
  SELECT * FROM matched ORDER BY issued_on DESC, id DESC LIMIT ${INVOICES_PAGE_SIZE} OFFSET $5
)
SELECT (SELECT count(*)::int FROM matched) AS total_invoices,
       p.invoice_number, p.kind, p.cancels_number, p.cancelled_by, p.order_number, p.buyer,
       to_char(p.issued_on, 'YYYY-MM-DD') AS issued_on, to_char(p.due_on, 'YYYY-MM-DD') AS due_on, p.gross_cents,
       CASE WHEN p.state IN ('open', 'overdue') THEN p.gross_cents - p.refunded ELSE 0 END AS open_cents,
       p.payment_method, p.mandate_reference, to_char(p.debit_on, 'YYYY-MM-DD') AS debit_on, p.state,
       to_char(p.paid_on, 'YYYY-MM-DD') AS paid_on,
       (SELECT count(*)::int FROM invoice_reminders r WHERE r.invoice_id = p.id) AS reminders_sent,
       (SELECT max(r.sent_at) FROM invoice_reminders r WHERE r.invoice_id = p.id) AS last_reminder_at,
       (SELECT e.export_id FROM sepa_export_invoices e WHERE e.invoice_id = p.id) AS sepa_export_id,
       ARRAY(SELECT d.kind FROM invoice_documents d WHERE d.invoice_id = p.id ORDER BY d.kind = 'xml', d.kind) AS documents
FROM (SELECT 1) AS always
LEFT JOIN page p ON true
ORDER BY p.issued_on DESC, p.id DESC`;

function invoiceOf(row: Row & { invoice_number: string }): AgentInvoice {
  return {
    number: row.invoice_number,
    kind: row.kind,
    cancels: row.cancels_number,
    cancelledBy: row.cancelled_by ?? [],
    orderNumber: row.order_number,
    buyer: { name: row.buyer.name ?? '', company: row.buyer.company ?? null, email: row.buyer.email ?? '' },
    issuedOn: row.issued_on,
    dueOn: row.due_on,
    grossCents: Number(row.gross_cents),
    openCents: Number(row.open_cents),
    paymentMethod: row.payment_method,
    mandateReference: row.mandate_reference,
    debitOn: row.debit_on,
    state: row.state,
    paidOn: row.paid_on,
    remindersSent: Number(row.reminders_sent),
    lastReminderAt: row.last_reminder_at === null ? null : new Date(row.last_reminder_at).toISOString(),
    sepaExportId: row.sepa_export_id === null ? null : Number(row.sepa_export_id),
    documents: row.documents,
  };
}

async function query(db: Queryable, filter: InvoiceQuery, today: string, number: string | null) {
  // Far beyond the last page the offset stays a valid bigint; the page is just empty.
  const offset = Math.min((filter.page - 1) * INVOICES_PAGE_SIZE, Number.MAX_SAFE_INTEGER);
  const { rows } = await db.query<Row>(SQL, [today, filter.kind, filter.status, filter.q, offset, number]);
  const invoices = rows.filter((row): row is Row & { invoice_number: string } => row.invoice_number !== null).map(invoiceOf);
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
