import { accountConfirmationLink } from '../../src/features/accounts/routes.ts';
import { authMessages } from '../../src/lib/schemas/auth.ts';
import { requestConfirmationLink } from '../../src/server/auth/email-verification.ts';
import { requireUser } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { publicOrigin } from '../../src/server/http/public-origin.ts';
import { json } from '../../src/server/http/respond.ts';
import { deliverMail } from '../../src/server/mail/index.ts';

/**
 * POST /api/account/confirmation-link (no body): a new confirmation link for the logged-in user,
 * mailed to the account's address; a confirmed address gets no mail and says so, and one that
 * had its daily number of mails a 429 that says when to ask again.
 */
export default endpoint([
  on(accountConfirmationLink, async (ctx) => {
    const user = await requireUser(ctx);
    if (user.emailVerified) return json({ message: authMessages.alreadyConfirmed, emailVerified: true });
    await ctx.rateLimit('confirmation-link', `user:${user.userId}`);
    const db = await getDb();
    const request = await requestConfirmationLink(db, user.userId, publicOrigin());
    if (request.confirmed) return json({ message: authMessages.alreadyConfirmed, emailVerified: true });
    // The daily cap of the address (decision 0063): the account holder may learn that of their own address.
    if (request.mailId === null) throw new HttpError(429, authMessages.confirmationLinkHeldBack);
    await deliverMail(db, [request.mailId]);
    return json({ message: authMessages.confirmationLinkSent, emailVerified: false });
  }),
]);

export const config = { path: '/api/account/confirmation-link' };
