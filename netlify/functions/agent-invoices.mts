import { todayIso } from '../../src/lib/forms/dates.ts';
import { agentInvoices } from '../../src/features/billing/routes.ts';
import { listInvoices } from '../../src/features/billing/server/agent-list.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * GET /api/agent/invoices?status=all|open|overdue|paid&kind=&q=&page= (agents only: 401/403): every
 * invoice and cancellation invoice, newest first, 20 a page, with its state for today in Germany
 * → { invoices, currentPage, totalPages, totalInvoices, today }.
 */
export default endpoint([
  on(agentInvoices, async (ctx) => {
    await requireAgent(ctx);
    return json(await listInvoices(await getDb(), ctx.query, todayIso()));
  }),
]);

export const config = { path: '/api/agent/invoices' };
