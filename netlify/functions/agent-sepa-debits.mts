import { todayIso } from '../../src/lib/forms/dates.ts';
import { agentSepaDebits } from '../../src/features/billing/routes.ts';
import { dueDebits } from '../../src/features/billing/server/agent-sepa.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * GET /api/agent/sepa-debits (agents only: 401/403): the direct debits the next SEPA file would
 * hold, with collection day and sequence type → { debits, totalCents, today }.
 */
export default endpoint([
  on(agentSepaDebits, async (ctx) => {
    await requireAgent(ctx);
    return json(await dueDebits(await getDb(), todayIso()));
  }),
]);

export const config = { path: '/api/agent/sepa-debits' };
