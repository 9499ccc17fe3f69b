import type { Config } from '@netlify/functions';
import { todayIso } from '../../src/lib/forms/dates.ts';
import { getDb } from '../../src/server/db/index.ts';
import { publicOrigin } from '../../src/server/http/public-origin.ts';
import { runBilling } from '../../src/features/billing/server/billing-run.ts';

/**
 * Daily at 04:00 UTC (05:00 or 06:00 in Köln): lapses the orders not accepted within their
 * acceptance period and tells their customers (docs/decisions/0053), then issues the invoices and
 * cancellation invoices due today and mails them (docs/decisions/0052). Running twice, or two
 * instances at once, lapses and issues nothing twice. A scheduled function has no public path.
 */
export default async (): Promise<Response> => {
  const report = await runBilling(await getDb(), { on: todayIso(), origin: publicOrigin() });
  if (report.lapsed.length > 0) console.log(`[bestellungen] ${report.lapsed.length} nicht angenommen, Annahmefrist abgelaufen (${report.lapsed.join(', ')})`);
  if (report.issued.length > 0 || report.skipped > 0 || report.failed > 0) {
    console.log(`[rechnungen] ${report.issued.length} ausgestellt (${report.issued.join(', ')}), ${report.skipped} bereits ausgestellt, ${report.failed} fehlgeschlagen`);
  }
  // A failure is reported as one, so Netlify's function log shows the run as failed.
  return new Response(null, { status: report.failed > 0 ? 500 : 204 });
};

export const config: Config = { schedule: '0 4 * * *' };
