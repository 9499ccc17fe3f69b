import { agentInvoiceMessages } from '../../src/features/billing/schemas.ts';
import { agentInvoiceDocument } from '../../src/features/billing/routes.ts';
import { invoiceDocument } from '../../src/features/billing/server/agent-documents.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { fileResponse } from '../../src/server/http/respond.ts';

/**
 * GET /api/agent/invoices/:number/document?kind=pdf|xml (agents only: 401/403): the invoice's
 * stored PDF (default) or XRechnung XML as a download, exactly as it was sent; 404 when there is none.
 */
export default endpoint([
  on(agentInvoiceDocument, async (ctx) => {
    await requireAgent(ctx);
    const file = await invoiceDocument(await getDb(), ctx.params.number, ctx.query.kind);
    if (!file) throw new HttpError(404, agentInvoiceMessages.documentNotFound);
    return fileResponse(file);
  }),
]);

export const config = { path: '/api/agent/invoices/:number/document' };
