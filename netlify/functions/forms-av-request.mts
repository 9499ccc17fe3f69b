import { avRequest } from '../../src/features/legal-forms/routes.ts';
import { getDb } from '../../src/server/db/index.ts';
import { createAvRequest } from '../../src/server/forms/av-request.ts';
import { receiptResponse } from '../../src/server/forms/submission.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { publicOrigin } from '../../src/server/http/public-origin.ts';

/**
 * POST /api/forms/av-request: request for the data-processing agreement (Art. 28 GDPR); the
 * agreement goes out by mail to the address on record, if number and postal code fit a customer.
 * rate limit → validate with the form's schema → spend the security check, store, queue the
 * mails (one transaction) → deliver → 201 { id, receivedAt }, the same answer for any number.
 */
export default endpoint([
  on(avRequest, async (ctx) => {
    await ctx.rateLimit('forms-av-request');
    const request = await ctx.body();
    const db = await getDb();
    return receiptResponse(db, await createAvRequest(db, ctx.cookies, request, publicOrigin()));
  }),
]);

export const config = { path: '/api/forms/av-request' };
