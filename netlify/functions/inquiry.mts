import { inquiry } from '../../src/features/inquiries/routes.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { receiptResponse } from '../../src/server/forms/submission.ts';
import { createConfiguratorInquiry, createContactInquiry } from '../../src/server/inquiries.ts';

/**
 * POST /api/inquiry: the contact form and the order configurator send their inquiries here.
 * rate limit → validate with the form's schema → spend the security check, store, queue
 * mails (one transaction) → deliver the mails → 201 { id, receivedAt }.
 */
export default endpoint([
  on(inquiry, async (ctx) => {
    await ctx.rateLimit('inquiry');
    const body = await ctx.body();
    const db = await getDb();
    const stored = 'configurator' in body ? await createConfiguratorInquiry(db, ctx.cookies, body) : await createContactInquiry(db, ctx.cookies, body);
    return receiptResponse(db, stored);
  }),
]);

export const config = { path: '/api/inquiry' };
