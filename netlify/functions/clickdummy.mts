import { clickDummyRequest } from '../../src/features/click-dummy/routes.ts';
import { createClickDummyRequest } from '../../src/features/click-dummy/server/requests.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { deliverMail } from '../../src/server/mail/index.ts';

/**
 * POST /api/clickdummy: a visitor asks for a click dummy of the prompt they wrote.
 * rate limit → validate with the island's schema → store and queue both mails (one
 * transaction) → deliver the mails → 201 { id }.
 */
export default endpoint([
  on(clickDummyRequest, async (ctx) => {
    await ctx.rateLimit('clickdummy');
    const request = await ctx.body();
    const db = await getDb();
    const { id, mailIds } = await createClickDummyRequest(db, request);
    // A failed delivery stays in the outbox for a retry; the request itself is saved.
    await deliverMail(db, mailIds);
    return json({ id }, { status: 201 });
  }),
]);

export const config = { path: '/api/clickdummy' };
