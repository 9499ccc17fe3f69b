import { demoRequest } from '../../src/features/legal-forms/routes.ts';
import { getDb } from '../../src/server/db/index.ts';
import { createDemoRequest } from '../../src/server/forms/demo-request.ts';
import { receiptResponse } from '../../src/server/forms/submission.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';

/**
 * POST /api/forms/demo-request: the demo request of /demo-anfordern.
 * rate limit → validate with the form's schema → spend the security check, store, queue the
 * mails (one transaction) → deliver → 201 { id, receivedAt }.
 */
export default endpoint([
  on(demoRequest, async (ctx) => {
    await ctx.rateLimit('forms-demo-request');
    const request = await ctx.body();
    const db = await getDb();
    return receiptResponse(db, await createDemoRequest(db, ctx.cookies, request));
  }),
]);

export const config = { path: '/api/forms/demo-request' };
