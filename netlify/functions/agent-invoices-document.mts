import { InvoiceDocumentQuerySchema } from '../../src/features/billing/schemas.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { validate } from '../../src/server/http/body.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { queryParams } from '../../src/server/inbox/params.ts';
import { fileDownload, invoiceDocument, invoiceDocumentMessages } from '../../src/features/billing/server/agent-documents.ts';
import { INVOICE_NUMBER } from '../../src/features/billing/terms.ts';

/**
 * GET /api/agent/invoices/:number/document?kind=pdf|xml (agents only: 401/403): the invoice's
 * stored PDF (default) or XRechnung XML as a download, exactly as it was sent; 404 when there is none.
 */
export default endpoint({
  GET: async (ctx) => {
    await requireAgent(ctx);
    const { kind } = validate(InvoiceDocumentQuerySchema, queryParams(ctx.url, ['kind']));
    const number = ctx.params.number ?? '';
    const file = INVOICE_NUMBER.test(number) ? await invoiceDocument(await getDb(), number, kind) : undefined;
    if (!file) throw new HttpError(404, invoiceDocumentMessages.notFound);
    return fileDownload(file);
  },
});

export const config = { path: '/api/agent/invoices/:number/document' };
