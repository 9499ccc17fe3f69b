import type { Config } from '@netlify/functions';
import { todayIso } from '../../src/lib/forms/dates.ts';
import { getDb } from '../../src/server/db/index.ts';
import { runRetention } from '../../src/features/privacy/server/retention-run.ts';
import { retentionLogLine } from '../../src/features/privacy/server/retention-log.ts';

/**
 * Daily at 03:00 UTC (04:00 or 05:00 in Köln), before the billing run: deletes the personal data
 * whose period in src/features/privacy/retention.ts has ended (docs/decisions/0062) and logs the
 * counts per kind. Running twice deletes nothing twice. A scheduled function has no public path.
 */
export default async (): Promise<Response> => {
  const report = await runRetention(await getDb(), { on: todayIso() });
  console.log(`[löschfristen] ${retentionLogLine(report)}`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '0 3 * * *' };
