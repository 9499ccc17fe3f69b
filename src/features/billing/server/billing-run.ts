import { addDays, type IsoDay } from '../../../lib/contracts/ends.ts';
import type { Db } from '../../../server/db/index.ts';
import { deliverMail } from '../../../server/mail/index.ts';
import { lapseOverdueOrders } from '../../../server/orders/lapse.ts';
import { issueDueInvoices, type IssueReport } from './issue.ts';

/**
 * The daily billing run (decision 0052): the scheduled function (netlify/functions/billing-run.mts),
 * the local server's schedule and `npm run billing:run` all call this. It first lapses the orders
 * whose acceptance period passed without our acceptance and tells their customers (decision
 * 0053), then issues what is due on the day – only accepted orders have anything due – and
 * delivers the mails; a mail that fails stays in the outbox for the retry schedule, the invoice
 * is issued either way.
 */

export interface BillingReport extends IssueReport {
  /** Order numbers that lapsed (not accepted within their acceptance period). */
  lapsed: string[];
}

export async function runBilling(db: Db, options: { on: IsoDay; origin: string }): Promise<BillingReport> {
  const lapse = await lapseOverdueOrders(db, { on: options.on });
  const report = await issueDueInvoices(db, options);
  const mailIds = [...lapse.mailIds, ...report.mailIds];
  if (mailIds.length > 0) await deliverMail(db, mailIds);
  return { ...report, lapsed: lapse.lapsed, mailIds };
}

/** Runs every day from `from` through `through`, as the schedule would have: each invoice dated on its day. */
export async function runBillingDays(db: Db, options: { from: IsoDay; through: IsoDay; origin: string }): Promise<BillingReport> {
  const total: BillingReport = { issued: [], skipped: 0, failed: 0, mailIds: [], lapsed: [] };
  for (let day = options.from; day <= options.through; day = addDays(day, 1)) {
    const report = await runBilling(db, { on: day, origin: options.origin });
    total.issued.push(...report.issued);
    total.lapsed.push(...report.lapsed);
    total.skipped += report.skipped;
    total.failed += report.failed;
    total.mailIds.push(...report.mailIds);
  }
  return total;
}
