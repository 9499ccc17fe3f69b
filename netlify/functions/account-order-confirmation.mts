import { accountOrderConfirmation } from '../../src/features/customer-area/routes.ts';
import { requireUser } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { fileResponse } from '../../src/server/http/respond.ts';
import { accountOrderDocument, CONTRACT_CONFIRMATION, orderDocumentMessages } from '../../src/server/orders/order-documents.ts';

/**
 * GET /api/account/orders/:orderNumber/confirmation: the contract confirmation PDF stored with
 * the order (docs/decisions/0028), for the account that placed it. Every other case – not logged
 * in, someone else's order, no such order, an order older than the PDFs – answers the same 404,
 * so the answer never tells whether an order number exists.
 */
export default endpoint([
  on(accountOrderConfirmation, async (ctx) => {
    const user = await requireUser(ctx).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 401) return undefined;
      throw error;
    });
    const document = user
      ? await accountOrderDocument(await getDb(), { orderNumber: ctx.params.orderNumber, userId: user.userId, kind: CONTRACT_CONFIRMATION })
      : undefined;
    if (!document) throw new HttpError(404, orderDocumentMessages.notFound);
    return fileResponse({ fileName: document.fileName, contentType: 'application/pdf', content: document.content });
  }),
]);

export const config = { path: '/api/account/orders/:orderNumber/confirmation' };
