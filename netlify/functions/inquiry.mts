import * as v from 'valibot';
import { ConfiguratorInquirySchema } from '../../src/lib/schemas/configurator.ts';
import { ContactInquirySchema } from '../../src/lib/schemas/contact.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { createConfiguratorInquiry, createContactInquiry } from '../../src/server/inquiries.ts';
import { deliverMail } from '../../src/server/mail/index.ts';

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
 * mails (one transaction) → deliver the mails → 201 { id }.
 */
export default endpoint({
  POST: async (ctx) => {
    await ctx.rateLimit({ name: 'inquiry', limit: 5, windowSeconds: 600 });
    const inquiry = await ctx.body(InquirySchema);
    const db = await getDb();
    const { id, mailIds } =
      'configurator' in inquiry ? await createConfiguratorInquiry(db, ctx.cookies, inquiry) : await createContactInquiry(db, ctx.cookies, inquiry);
    // A failed delivery stays in the outbox for a retry; the inquiry itself is saved.
    await deliverMail(db, mailIds);
    return json({ id }, { status: 201 });
  },
});

export const config = { path: '/api/inquiry' };
