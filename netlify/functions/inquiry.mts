import * as v from 'valibot';
import { ConfiguratorInquirySchema } from '../../src/lib/schemas/configurator.ts';
import { ContactInquirySchema } from '../../src/lib/schemas/contact.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { receiptResponse } from '../../src/server/forms/submission.ts';
import { createConfiguratorInquiry, createContactInquiry } from '../../src/server/inquiries.ts';

/**
 * The two bodies SPEC §7 allows: a body with a `configurator` state is the configurator's
 * inquiry, anything else the contact form's. Choosing the schema by that key (instead of a
 * union) keeps the per-field German messages of whichever form sent it.
 */
const InquirySchema = v.lazy((input: unknown) =>
  typeof input === 'object' && input !== null && 'configurator' in input ? ConfiguratorInquirySchema : ContactInquirySchema,
);

/**
 * POST /api/inquiry: the contact form and the order configurator send their inquiries here.
 * rate limit → validate with the form's schema → spend the security check, store, queue
 * mails (one transaction) → deliver the mails → 201 { id, receivedAt }.
 */
export default endpoint({
  POST: async (ctx) => {
    await ctx.rateLimit('inquiry');
    const inquiry = await ctx.body(InquirySchema);
    const db = await getDb();
    const stored =
      'configurator' in inquiry ? await createConfiguratorInquiry(db, ctx.cookies, inquiry) : await createContactInquiry(db, ctx.cookies, inquiry);
    return receiptResponse(db, stored);
  },
});

export const config = { path: '/api/inquiry' };
