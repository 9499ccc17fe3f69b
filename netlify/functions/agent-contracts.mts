import { todayIso } from '../../src/lib/forms/dates.ts';
import { ContractQuerySchema } from '../../src/lib/schemas/agent-contracts.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { listContracts } from '../../src/server/contracts/agent-list.ts';
import { getDb } from '../../src/server/db/index.ts';
import { validate } from '../../src/server/http/body.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { queryParams } from '../../src/server/inbox/params.ts';

/**
 * GET /api/agent/contracts?q=&page= (agents only: 401/403): contracts grouped per customer, 20
 * customers a page, q matching part of an e-mail address, a contract or an order number →
 * { customers: [{ email, customerType, contracts }], currentPage, totalPages, totalCustomers, today }.
 */
export default endpoint({
  GET: async (ctx) => {
    await requireAgent(ctx);
    const query = validate(ContractQuerySchema, queryParams(ctx.url, ['q', 'page']));
    return json(await listContracts(await getDb(), query, todayIso()));
  },
});

export const config = { path: '/api/agent/contracts' };
