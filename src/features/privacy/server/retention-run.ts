import type { Db, Queryable } from '../../../server/db/index.ts';
import { retentionCutoffs, type IsoDay, type RetentionKind } from '../retention.ts';

/**
 * The daily retention run (docs/decisions/0062-deletion-periods.md): deletes what the table in
 * ../retention.ts says is due on a day, kind by kind, each kind in one transaction together with
 * its log row in retention_runs (counts only), so the log says exactly what happened. The
 * scheduled function (netlify/functions/privacy-retention.mts), the local server's schedule and
 * `npm run privacy:retention` call it. Running it twice deletes nothing twice.
 *
 * Days are Köln's: a timestamp is due when it lies before midnight of the cut-off day in Köln.
 */

export type RetentionReport = { runOn: IsoDay; deleted: Record<RetentionKind, number> };

/** Midnight of the cut-off day ($1) in Köln, the first instant that is not yet due. */
const CUTOFF_INSTANT = `($1::date::timestamp AT TIME ZONE 'Europe/Berlin')`;

/**
 * Runs the DELETE statements (each with $1 = the cut-off day, each RETURNING one row per record
 * counted) and logs their total in one statement: one round trip, atomic without a transaction.
 */
async function deleteAndLog(db: Queryable, kind: RetentionKind, runOn: IsoDay, cutoff: IsoDay, deletes: string[]): Promise<number> {
  const parts = deletes.map((statement, index) => `d${index} AS (${statement})`);
  const total = deletes.map((_statement, index) => `(SELECT count(*) FROM d${index})`).join(' + ');
  const { rows } = await db.query<{ deleted: number }>(
    `WITH ${parts.join(',\n')},
     logged AS (INSERT INTO retention_runs (run_on, kind, cutoff, deleted) VALUES ($2, $3, $1, ${total}) RETURNING deleted)
     SELECT deleted FROM logged`,
    [cutoff, runOn, kind],
  );
  return Number(rows[0]!.deleted);
}

async function log(tx: Queryable, kind: RetentionKind, runOn: IsoDay, cutoff: IsoDay, deleted: number): Promise<void> {
  await tx.query('INSERT INTO retention_runs (run_on, kind, cutoff, deleted) VALUES ($1, $2, $3, $4)', [runOn, kind, cutoff, deleted]);
}

/**
 * Invoices of orders no account holds any more (guest orders, deleted accounts) whose statutory
 * period has ended – by the run's day and by the database's own clock, which the deletion trigger
 * of migration 0036 checks – and that are settled: paid, cancelled by a cancellation invoice, or
 * a cancellation invoice themselves. An invoice goes only together with the cancellation
 * invoices that refer to it, so the younger of the two decides. With them go their lines, files,
 * payments, reminders and their place in SEPA files, then the SEPA files nothing refers to any more.
 */
async function deleteInvoices(db: Db, runOn: IsoDay, cutoff: IsoDay): Promise<number> {
  return db.transaction(async (tx) => {
    const due = `i.issued_on < $1::date AND invoice_retention_ended(i.issued_on)`;
    const { rows } = await tx.query<{ id: string }>(
      `SELECT i.id FROM invoices i JOIN orders o ON o.id = i.order_id
       WHERE o.user_id IS NULL AND ${due}
         AND NOT EXISTS (SELECT 1 FROM invoices s WHERE s.cancels_id = i.id AND NOT (s.issued_on < $1::date AND invoice_retention_ended(s.issued_on)))
         AND (i.kind = 'cancellation'
              OR EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = i.id)
              OR EXISTS (SELECT 1 FROM invoices s WHERE s.cancels_id = i.id))
       FOR UPDATE OF i`,
      [cutoff],
    );
    const ids = rows.map((row) => row.id);
    if (ids.length > 0) {
      await tx.query(
        `WITH exported AS (DELETE FROM sepa_export_invoices WHERE invoice_id = ANY($1::bigint[])),
              paid AS (DELETE FROM invoice_payments WHERE invoice_id = ANY($1::bigint[])),
              reminded AS (DELETE FROM invoice_reminders WHERE invoice_id = ANY($1::bigint[])),
              files AS (DELETE FROM invoice_documents WHERE invoice_id = ANY($1::bigint[]))
         DELETE FROM invoice_lines WHERE invoice_id = ANY($1::bigint[])`,
        [ids],
      );
      // Cancellation invoices first: they refer to the invoices they correct.
      await tx.query(`DELETE FROM invoices WHERE id = ANY($1::bigint[]) AND kind = 'cancellation'`, [ids]);
      await tx.query(`DELETE FROM invoices WHERE id = ANY($1::bigint[])`, [ids]);
    }
    await tx.query(
      `DELETE FROM sepa_exports x WHERE x.created_at < ${CUTOFF_INSTANT} AND NOT EXISTS (SELECT 1 FROM sepa_export_invoices e WHERE e.export_id = x.id)`,
      [cutoff],
    );
    await log(tx, 'invoices', runOn, cutoff, ids.length);
    return ids.length;
  });
}

/**
 * Orders no account holds, with their lines, contracts and contract confirmation, once no invoice
 * of theirs is kept any more, every contract has ended and the period has run from the order or
 * its last contract's end, whichever is later. Withdrawals lose their link to them.
 */
async function deleteOrders(db: Db, runOn: IsoDay, cutoff: IsoDay): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT o.id FROM orders o
       WHERE o.user_id IS NULL AND o.created_at < ${CUTOFF_INSTANT}
         AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)
         AND NOT EXISTS (SELECT 1 FROM contracts k WHERE k.order_id = o.id AND (k.user_id IS NOT NULL OR k.ends_on IS NULL OR k.ends_on >= $1::date))
       FOR UPDATE OF o`,
      [cutoff],
    );
    const ids = rows.map((row) => row.id);
    if (ids.length > 0) {
      await tx.query(
        `WITH unlinked AS (DELETE FROM withdrawal_orders WHERE order_id = ANY($1::bigint[]))
         DELETE FROM order_documents WHERE order_id = ANY($1::bigint[])`,
        [ids],
      );
      await tx.query('DELETE FROM contracts WHERE order_id = ANY($1::bigint[])', [ids]);
      await tx.query('DELETE FROM orders WHERE id = ANY($1::bigint[])', [ids]);
    }
    await log(tx, 'orders', runOn, cutoff, ids.length);
    return ids.length;
  });
}

export async function runRetention(db: Db, options: { on: IsoDay }): Promise<RetentionReport> {
  const runOn = options.on;
  const cutoffs = retentionCutoffs(runOn);
  const at = (column: string): string => `${column} < ${CUTOFF_INSTANT}`;
  const deleted = {} as Record<RetentionKind, number>;

  deleted.inquiries = await deleteAndLog(db, 'inquiries', runOn, cutoffs.inquiries, [
    `DELETE FROM inquiries WHERE ${at('created_at')} RETURNING 1`,
    `DELETE FROM order_inquiries WHERE ${at('received_at')} RETURNING 1`,
    `DELETE FROM demo_requests WHERE ${at('received_at')} RETURNING 1`,
    `DELETE FROM av_requests WHERE ${at('received_at')} RETURNING 1`,
  ]);
  deleted['click-dummy-requests'] = await deleteAndLog(db, 'click-dummy-requests', runOn, cutoffs['click-dummy-requests'], [
    `DELETE FROM click_dummy_requests WHERE ${at('created_at')} RETURNING 1`,
  ]);
  // A conversation of an account goes with the account (ON DELETE CASCADE); its messages go with it.
  deleted['guest-chats'] = await deleteAndLog(db, 'guest-chats', runOn, cutoffs['guest-chats'], [
    `DELETE FROM chat_conversations WHERE user_id IS NULL AND ${at('last_activity_at')} RETURNING 1`,
  ]);
  deleted['sent-mails'] = await deleteAndLog(db, 'sent-mails', runOn, cutoffs['sent-mails'], [`DELETE FROM mail_outbox WHERE ${at('created_at')} RETURNING 1`]);
  // Expired sessions and links: useless once expired, kept a month to trace a misuse of the account.
  deleted['access-links'] = await deleteAndLog(db, 'access-links', runOn, cutoffs['access-links'], [
    `DELETE FROM sessions WHERE ${at('expires_at')} RETURNING 1`,
    `DELETE FROM password_resets WHERE ${at('expires_at')} RETURNING 1`,
    `DELETE FROM email_verifications WHERE ${at('expires_at')} RETURNING 1`,
  ]);
  deleted.invoices = await deleteInvoices(db, runOn, cutoffs.invoices);
  // After the orders: a withdrawal stays as long as an order it withdrew is kept, since the
  // billing run reads it (src/features/billing/server/due.ts); a cancellation as long as the
  // contract it ended is kept, whose end it explains.
  deleted.orders = await deleteOrders(db, runOn, cutoffs.orders);
  deleted.declarations = await deleteAndLog(db, 'declarations', runOn, cutoffs.declarations, [
    `DELETE FROM cancellations c WHERE ${at('c.received_at')}
       AND NOT EXISTS (SELECT 1 FROM contracts k WHERE k.cancellation_id = c.id) RETURNING 1`,
    `DELETE FROM withdrawals w WHERE ${at('w.received_at')}
       AND NOT EXISTS (SELECT 1 FROM withdrawal_orders wo WHERE wo.withdrawal_id = w.id) RETURNING 1`,
  ]);
  return { runOn, deleted };
}
