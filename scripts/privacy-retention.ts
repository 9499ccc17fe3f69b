/**
 * `npm run privacy:retention`: the daily retention run for today in the database the environment
 * names, exactly as the schedule runs it (docs/decisions/0062): deletes what is due and logs the
 * counts per kind. No other day can be chosen – deleting "as of" a later day would delete what is
 * not yet due. With the local default (PGlite) stop `npm start` first: the embedded database has
 * one owner.
 */
import { todayIso } from '../src/lib/forms/dates.ts';
import { closeDb, getDb } from '../src/server/db/index.ts';
import { runRetention } from '../src/features/privacy/server/retention-run.ts';
import { retentionLogLine } from '../src/features/privacy/server/retention-log.ts';

try {
  const report = await runRetention(await getDb(), { on: todayIso() });
  console.log(`Löschfristen ${retentionLogLine(report)}.`);
} catch (error) {
  console.error('Der Löschlauf ist fehlgeschlagen:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
