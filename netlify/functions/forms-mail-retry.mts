import type { Config } from '@netlify/functions';
import { getDb } from '../../src/server/db/index.ts';
import { deliverDueMail } from '../../src/server/mail/index.ts';

/**
 * Every five minutes: sends the outbox mails whose delivery failed before and are due again
 * (docs/decisions/0003), so a receipt of a stored declaration reaches its sender once the mail
 * server is back, and whatever a run left when its time was up – in batches until none is left
 * or its own time is (decision 0063). A scheduled function has no public path.
 */
export default async (): Promise<Response> => {
  const report = await deliverDueMail(await getDb());
  if (report.sent.length > 0 || report.failed.length > 0) {
    console.log(`[mail] Wiederholung: ${report.sent.length} gesendet, ${report.failed.length} fehlgeschlagen`);
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
