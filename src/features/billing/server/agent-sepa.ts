import type { DueDebit, DueDebits, SepaExportSummary } from '../agent-types.ts';
import { addDays } from '../../../lib/contracts/ends.ts';
import { todayIso } from '../../../lib/forms/dates.ts';
import { ledgerState, type LedgerFacts } from '../state.ts';
import { ledgerFactsSql } from './facts.ts';
import type { Db, Queryable } from '../../../server/db/index.ts';
import { HttpError } from '../../../server/http/errors.ts';
import { painXml, planDebits, type DebitCandidate, type DebitForFile } from './sepa-export.ts';

/**
 * The direct debits agents collect through the bank (issue 24): the invoices paid by SEPA mandate
 * that are not yet in a file, and the files made so far. A debit goes into one file only
 * (sepa_export_invoices, keyed by the invoice): making a file takes all due debits at once, and
 * two agents doing it at the same moment get two files without a debit in both.
 */

const sepaMessages = {
  nothingDue: 'Zurzeit sind keine Lastschriften fällig. Es wurde keine Datei erstellt.',
} as const;

/**
 * How far ahead a debit goes into a file: banks take collection orders up to a few weeks before the
 * collection day, and a debit whose pre-notification names a later day waits for a later file.
 */
const SUBMISSION_HORIZON_DAYS = 14;

interface CandidateRow {
  id: number;
  invoice_number: string;
  order_number: string;
  debtor_name: string;
  debtor_iban: string;
  mandate_reference: string;
  mandate_signed_on: string;
  mandate_used_before: boolean;
  facts: LedgerFacts;
}

/**
 * SEPA invoices (never a cancellation invoice) that are unpaid, in no file yet and announced within
 * the horizon. What each collects, and when, is the ledger's debit (../state.ts, decision 0058): the
 * invoice less what cancellation invoices credit, on the announced day or the later one a new
 * pre-notification named; a fully credited invoice is not collected. The debtor is the account
 * holder the checkout named with the mandate (the order's name). $1 = today.
 */
const DUE_SQL = `
SELECT i.id, i.invoice_number, o.order_number, o.name AS debtor_name, o.iban AS debtor_iban, ${ledgerFactsSql('i')} AS facts,
       i.mandate_reference, to_char((o.sepa_mandate_at AT TIME ZONE 'Europe/Berlin')::date, 'YYYY-MM-DD') AS mandate_signed_on,
       EXISTS (SELECT 1 FROM sepa_export_invoices e JOIN invoices earlier ON earlier.id = e.invoice_id
               WHERE earlier.mandate_reference = i.mandate_reference) AS mandate_used_before
FROM invoices i
JOIN orders o ON o.id = i.order_id
WHERE i.kind = 'invoice' AND i.payment_method = 'sepa' AND o.iban IS NOT NULL
  AND i.debit_on <= $1::date + ${SUBMISSION_HORIZON_DAYS}
  AND NOT EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = i.id)
  AND NOT EXISTS (SELECT 1 FROM sepa_export_invoices e WHERE e.invoice_id = i.id)
ORDER BY i.debit_on, i.id`;

async function plannedDebits(db: Queryable, today: string): Promise<{ debit: DueDebit & DebitForFile; invoiceId: number }[]> {
  const { rows } = await db.query<CandidateRow>(DUE_SQL, [today]);
  const ids = new Map(rows.map((row) => [row.invoice_number, Number(row.id)]));
  const horizon = addDays(today, SUBMISSION_HORIZON_DAYS);
  const candidates: DebitCandidate[] = rows.flatMap((row) => {
    const { debit } = ledgerState(row.facts, today);
    if (!debit || debit.on > horizon) return [];
    return [
      {
        invoiceNumber: row.invoice_number,
        orderNumber: row.order_number,
        debtorName: row.debtor_name,
        debtorIban: row.debtor_iban,
        amountCents: debit.cents,
        mandateReference: row.mandate_reference,
        mandateSignedOn: row.mandate_signed_on,
        debitOn: debit.on,
        mandateUsedBefore: row.mandate_used_before,
      },
    ];
  });
  return planDebits(candidates, today).map((debit) => ({ debit, invoiceId: ids.get(debit.invoiceNumber)! }));
}

/** The debits the next file would hold, for the dashboard (the IBANs stay on the server). */
export async function dueDebits(db: Queryable, today: string): Promise<DueDebits> {
  const planned = await plannedDebits(db, today);
  const debits = planned.map(({ debit }) => ({
    invoiceNumber: debit.invoiceNumber,
    orderNumber: debit.orderNumber,
    debtorName: debit.debtorName,
    amountCents: debit.amountCents,
    mandateReference: debit.mandateReference,
    debitOn: debit.debitOn,
    collectionOn: debit.collectionOn,
    sequenceType: debit.sequenceType,
  }));
  return { debits, totalCents: debits.reduce((sum, debit) => sum + debit.amountCents, 0), today };
}

export interface SepaFile {
  id: number;
  fileName: string;
  contentType: 'application/xml';
  content: Uint8Array;
}

/** 'KW-LS-20261201-000007': unique per file, as the bank wants the message id; ASCII for the file name too. */
function messageId(id: number, today: string): string {
  return `KW-LS-${today.replaceAll('-', '')}-${String(id).padStart(6, '0')}`;
}

/**
 * Makes the next file from every due debit and stores it with its debits, in one transaction.
 * Files are made one after the other (a table lock only other exports wait for), so a second agent
 * at the same moment sees the first file's debits as exported and gets the rest, or 409 when
 * nothing is left. The unique invoice key of sepa_export_invoices stays the last guard.
 */
export async function createSepaExport(db: Db, agentId: string, now: Date = new Date()): Promise<SepaFile> {
  const today = todayIso(now);
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE sepa_export_invoices IN SHARE ROW EXCLUSIVE MODE');
    const planned = await plannedDebits(tx, today);
    if (planned.length === 0) throw new HttpError(409, sepaMessages.nothingDue);
    const { rows } = await tx.query<{ id: number }>("SELECT nextval(pg_get_serial_sequence('sepa_exports', 'id'))::int AS id");
    const id = Number(rows[0]!.id);
    const name = messageId(id, today);
    const xml = painXml({ messageId: name, createdAt: now, debits: planned.map(({ debit }) => debit) });
    const content = new TextEncoder().encode(xml);
    const fileName = `${name}.xml`;
    await tx.query(
      `WITH file AS (INSERT INTO sepa_exports (id, created_by, created_at, file_name, content) VALUES ($1, $2, $3, $4, $5) RETURNING id)
       INSERT INTO sepa_export_invoices (invoice_id, export_id, amount_cents)
       SELECT invoice_id, (SELECT id FROM file), amount_cents FROM unnest($6::bigint[], $7::int[]) AS debit(invoice_id, amount_cents)`,
      [id, agentId, now, fileName, content, planned.map(({ invoiceId }) => invoiceId), planned.map(({ debit }) => debit.amountCents)],
    );
    return { id, fileName, contentType: 'application/xml', content };
  });
}

/**
 * The files made so far, newest first, with how many debits and how much each holds – the amounts
 * stored with the file's debits when it was made (a later cancellation invoice changes no file).
 */
export async function listSepaExports(db: Queryable): Promise<SepaExportSummary[]> {
  const { rows } = await db.query<{ id: number; file_name: string; created_at: Date | string; created_by: string | null; debit_count: number; total_cents: number }>(
    `SELECT x.id, x.file_name, x.created_at, u.display_name AS created_by,
            (SELECT count(*) FROM sepa_export_invoices e WHERE e.export_id = x.id)::int AS debit_count,
            (SELECT coalesce(sum(e.amount_cents), 0) FROM sepa_export_invoices e WHERE e.export_id = x.id)::bigint AS total_cents
     FROM sepa_exports x
     LEFT JOIN users u ON u.id = x.created_by
     ORDER BY x.id DESC
     LIMIT 50`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    fileName: row.file_name,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    debitCount: Number(row.debit_count),
    totalCents: Number(row.total_cents),
  }));
}

/** A stored file again, byte for byte as first downloaded. */
export async function sepaExportFile(db: Queryable, id: number): Promise<SepaFile | undefined> {
  const { rows } = await db.query<{ file_name: string; content: Uint8Array }>('SELECT file_name, content FROM sepa_exports WHERE id = $1', [id]);
  const row = rows[0];
  return row ? { id, fileName: row.file_name, contentType: 'application/xml', content: new Uint8Array(row.content) } : undefined;
}
