import { INVOICE_DOCUMENT_KINDS, type InvoiceDocumentKind } from '../../src/features/billing/overview.ts';
import { accountInvoiceDocument as documentRoute } from '../../src/features/customer-area/routes.ts';
import { requireUser } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { fileResponse } from '../../src/server/http/respond.ts';
import { accountInvoiceDocument, invoiceDocumentMessages } from '../../src/features/billing/server/account-documents.ts';

const isDocumentKind = (kind: string): kind is InvoiceDocumentKind => (INVOICE_DOCUMENT_KINDS as readonly string[]).includes(kind);

/**
 * GET /api/account/invoices/:invoiceNumber/document?kind=pdf|xml (issue 24): an invoice's PDF, or
 * the XML of an XRechnung, stored when it was issued, for the account whose order it bills. A
 * visitor who is not logged in gets the 401 of every account function; someone else's invoice,
 * an unknown or malformed number and a file the invoice does not have answer the same 404, so the
 * answer never tells whether an invoice number exists.
 */
export default endpoint([
  on(documentRoute, async (ctx) => {
    const user = await requireUser(ctx);
    const kind = ctx.query.kind ?? 'pdf';
    const document = isDocumentKind(kind)
      ? await accountInvoiceDocument(await getDb(), { invoiceNumber: ctx.params.invoiceNumber, userId: user.userId, kind })
      : undefined;
    if (!document) throw new HttpError(404, invoiceDocumentMessages.notFound);
    return fileResponse(document);
  }),
]);

export const config = { path: '/api/account/invoices/:invoiceNumber/document' };
