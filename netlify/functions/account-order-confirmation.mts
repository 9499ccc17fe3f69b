import { accountOrderConfirmation } from '../../src/lib/http/routes.ts';
import { requireUser } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
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
    return new Response(document.content, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(document.content.byteLength),
        // The name is ASCII by construction (Vertragsbestaetigung-KW-7K4M-9QX3-T5DW.pdf).
        'Content-Disposition': `attachment; filename="${document.fileName}"`,
        // A contract with the customer's address: no shared or browser cache keeps a copy.
        'Cache-Control': 'no-store',
      },
    });
  }),
]);

export const config = { path: '/api/account/orders/:orderNumber/confirmation' };
