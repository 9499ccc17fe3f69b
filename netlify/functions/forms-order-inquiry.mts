import { orderInquiry } from '../../src/features/legal-forms/routes.ts';
import { getDb } from '../../src/server/db/index.ts';
import { createOrderInquiry } from '../../src/server/forms/order-inquiry.ts';
import { receiptResponse } from '../../src/server/forms/submission.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';

/**
 * POST /api/forms/order-inquiry: the order inquiry of /inquiry.
 * rate limit → validate with the form's schema → spend the security check, store, queue the
 * mails (one transaction) → deliver → 201 { id, receivedAt }.
 */
export default endpoint([
  on(orderInquiry, async (ctx) => {
    await ctx.rateLimit('forms-order-inquiry');
    const request = await ctx.body();
    const db = await getDb();
    return receiptResponse(db, await createOrderInquiry(db, ctx.cookies, request));
  }),
]);

export const config = { path: '/api/forms/order-inquiry' };
