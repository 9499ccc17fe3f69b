/**
 * `npm run billing:run -- [--date YYYY-MM-DD] [--from YYYY-MM-DD]`: the daily billing run for a
 * given day (default today) in the database the environment names, exactly as the schedule runs
 * it – first the orders whose acceptance period passed lapse, then the invoices are issued; with --from every day from then through --date, each invoice dated on its day – a year of
 * invoices in a minute. With the local default (PGlite) stop `npm start` first: the embedded
 * database has one owner.
 */
import { parseArgs } from 'node:util';
import { todayIso } from '../src/lib/forms/dates.ts';
import { closeDb, getDb } from '../src/server/db/index.ts';
import { env } from '../src/server/env.ts';
import { runBillingDays } from '../src/features/billing/server/billing-run.ts';

const usage = 'Aufruf: npm run billing:run -- [--date JJJJ-MM-TT] [--from JJJJ-MM-TT]';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

let args;
try {
  args = parseArgs({ options: { date: { type: 'string' }, from: { type: 'string' } } }).values;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(usage);
  process.exit(2);
}
const through = args.date ?? todayIso();
const from = args.from ?? through;
if (!DAY.test(through) || !DAY.test(from) || Number.isNaN(Date.parse(through)) || Number.isNaN(Date.parse(from)) || from > through) {
  console.error('Bitte gültige Tage angeben (JJJJ-MM-TT), --from nicht nach --date.');
  console.error(usage);
  process.exit(2);
}

try {
  // Links in the mails name the configured site, locally the default address of `npm start`.
  if (!process.env.SITE_URL && !process.env.URL) process.env.SITE_URL = 'http://127.0.0.1:4321';
  const report = await runBillingDays(await getDb(), { from, through, origin: env().siteOrigin });
  if (report.lapsed.length > 0) console.log(`Annahmefrist abgelaufen, nicht zustande gekommen: ${report.lapsed.length} Bestellungen (${report.lapsed.join(', ')}).`);
  console.log(`Abrechnung ${from === through ? through : `${from} bis ${through}`}: ${report.issued.length} Rechnungen ausgestellt${report.issued.length > 0 ? ` (${report.issued[0]} bis ${report.issued.at(-1)})` : ''}.`);
  if (report.failed > 0) {
    console.error(`${report.failed} Rechnungen konnten nicht ausgestellt werden (siehe oben); der nächste Lauf versucht es erneut.`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error('Die Abrechnung ist fehlgeschlagen:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
