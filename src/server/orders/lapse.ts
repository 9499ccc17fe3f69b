import type { IsoDay } from '../../lib/contracts/ends.ts';
import type { Db } from '../db/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { lapseMail } from './declined-mails.ts';

/**
 * The orders whose acceptance period has passed without our acceptance (AGB § 3 Abs. 4, decision
 * 0053): the customer is no longer bound, so the order is 'lapsed' – it can no longer be accepted
 * and never bills – and the customer is told. The daily billing run does this first. The UPDATE
 * takes only 'received' rows, so two runs at once lapse and mail each order once.
 */

export interface LapseReport {
  /** Order numbers that lapsed. */
  lapsed: string[];
  /** Outbox ids of their mails, to deliver after the commit. */
  mailIds: number[];
}

export async function lapseOverdueOrders(db: Db, options: { on: IsoDay; now?: Date }): Promise<LapseReport> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ order_number: string; created_at: Date | string; name: string; email: string; acceptance_deadline: IsoDay }>(
      `UPDATE orders SET status = 'lapsed', decided_at = $2, inbox_status = 'done', inbox_status_changed_at = $2, inbox_status_changed_by = NULL
       WHERE status = 'received' AND acceptance_deadline < $1::date
       RETURNING order_number, created_at, name, email, to_char(acceptance_deadline, 'YYYY-MM-DD') AS acceptance_deadline`,
      [options.on, now],
    );
    const report: LapseReport = { lapsed: [], mailIds: [] };
    for (const row of rows.sort((a, b) => a.order_number.localeCompare(b.order_number))) {
      report.lapsed.push(row.order_number);
      report.mailIds.push(await enqueueMail(tx, lapseMail({ orderNumber: row.order_number, createdAt: new Date(row.created_at), name: row.name, email: row.email }, row.acceptance_deadline)));
    }
    return report;
  });
}
