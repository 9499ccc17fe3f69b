import { todayIso } from '../../src/lib/forms/dates.ts';
import { agentContracts } from '../../src/features/agent-desk/routes.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { listContracts } from '../../src/server/contracts/agent-list.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * GET /api/agent/contracts?q=&page= (agents only: 401/403): contracts grouped per customer, 20
 * customers a page, q matching part of an e-mail address, a contract or an order number →
 * { customers: [{ email, customerType, contracts }], currentPage, totalPages, totalCustomers, today }.
 */
export default endpoint([
  on(agentContracts, async (ctx) => {
    await requireAgent(ctx);
    return json(await listContracts(await getDb(), ctx.query, todayIso()));
  }),
]);

export const config = { path: '/api/agent/contracts' };
