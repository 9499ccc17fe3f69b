import { todayIso } from '../../src/lib/forms/dates.ts';
import { InvoiceQuerySchema } from '../../src/features/billing/schemas.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { validate } from '../../src/server/http/body.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { queryParams } from '../../src/server/inbox/params.ts';
import { listInvoices } from '../../src/features/billing/server/agent-list.ts';

/**
 * GET /api/agent/invoices?status=all|open|overdue|paid&kind=&q=&page= (agents only: 401/403): every
 * invoice and cancellation invoice, newest first, 20 a page, with its state for today in Germany
 * → { invoices, currentPage, totalPages, totalInvoices, today }.
 */
export default endpoint({
  GET: async (ctx) => {
    await requireAgent(ctx);
    const query = validate(InvoiceQuerySchema, queryParams(ctx.url, ['status', 'kind', 'q', 'page']));
    return json(await listInvoices(await getDb(), query, todayIso()));
  },
});

export const config = { path: '/api/agent/invoices' };
