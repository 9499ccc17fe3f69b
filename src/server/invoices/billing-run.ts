import { addDays, type IsoDay } from '../../lib/contracts/ends.ts';
import type { Db } from '../db/index.ts';
import { deliverMail } from '../mail/index.ts';
import { issueDueInvoices, type IssueReport } from './issue.ts';

/**
 * The daily billing run (decision 0052): the scheduled function (netlify/functions/billing-run.mts),
 * the local server's schedule and `npm run billing:run` all call this. It issues what is due on
 * the day and then delivers the invoice mails; a mail that fails stays in the outbox for the
 * retry schedule, the invoice is issued either way.
 */
export async function runBilling(db: Db, options: { on: IsoDay; origin: string }): Promise<IssueReport> {
  const report = await issueDueInvoices(db, options);
  if (report.mailIds.length > 0) await deliverMail(db, report.mailIds);
  return report;
}

/** Runs every day from `from` through `through`, as the schedule would have: each invoice dated on its day. */
export async function runBillingDays(db: Db, options: { from: IsoDay; through: IsoDay; origin: string }): Promise<IssueReport> {
  const total: IssueReport = { issued: [], skipped: 0, failed: 0, mailIds: [] };
  for (let day = options.from; day <= options.through; day = addDays(day, 1)) {
    const report = await runBilling(db, { on: day, origin: options.origin });
    total.issued.push(...report.issued);
    total.skipped += report.skipped;
    total.failed += report.failed;
    total.mailIds.push(...report.mailIds);
  }
  return total;
}
