import { ContactInquirySchema } from '../../src/lib/schemas/contact.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { receiptResponse } from '../../src/server/forms/submission.ts';
import { createContactInquiry } from '../../src/server/inquiries.ts';

/**
 * POST /api/inquiry: the contact form (and later the configurator) sends its inquiry here.
 * rate limit → validate with the form's schema → spend the security check, store, queue
 * mails (one transaction) → deliver the mails → 201 { id, receivedAt }.
 */
export default endpoint({
  POST: async (ctx) => {
    await ctx.rateLimit({ name: 'inquiry', limit: 5, windowSeconds: 600 });
    const inquiry = await ctx.body(ContactInquirySchema);
    const db = await getDb();
    return receiptResponse(db, await createContactInquiry(db, ctx.cookies, inquiry));
  },
});

export const config = { path: '/api/inquiry' };
