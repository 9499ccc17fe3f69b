import { ContactInquirySchema } from '../../src/lib/schemas/contact.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { createContactInquiry } from '../../src/server/inquiries.ts';
import { deliverMail } from '../../src/server/mail/index.ts';

/**
 * POST /api/inquiry: the contact form (and later the configurator) sends its inquiry here.
 * rate limit → validate with the form's schema → spend the security check, store, queue
 * mails (one transaction) → deliver the mails → 201 { id }.
 */
export default endpoint({
  POST: async (ctx) => {
    await ctx.rateLimit({ name: 'inquiry', limit: 5, windowSeconds: 600 });
    const inquiry = await ctx.body(ContactInquirySchema);
    const db = await getDb();
    const { id, mailIds } = await createContactInquiry(db, ctx.cookies, inquiry);
    // A failed delivery stays in the outbox for a retry; the inquiry itself is saved.
    await deliverMail(db, mailIds);
    return json({ id }, { status: 201 });
  },
});

export const config = { path: '/api/inquiry' };
