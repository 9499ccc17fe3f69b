import { authMessages } from '../../src/lib/schemas/auth.ts';
import { requestConfirmationLink } from '../../src/server/auth/email-verification.ts';
import { requireUser } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { publicOrigin } from '../../src/server/http/public-origin.ts';
import { json } from '../../src/server/http/respond.ts';
import { deliverMail } from '../../src/server/mail/index.ts';

/**
 * POST /api/account/confirmation-link (no body): a new confirmation link for the logged-in user,
 * mailed to the account's address; a confirmed address gets no mail and says so.
 */
export default endpoint({
  POST: async (ctx) => {
    const user = await requireUser(ctx);
    if (user.emailVerified) return json({ message: authMessages.alreadyConfirmed, emailVerified: true });
    await ctx.rateLimit('confirmation-link', `user:${user.userId}`);
    const db = await getDb();
    const mailIds = await requestConfirmationLink(db, user.userId, publicOrigin());
    if (!mailIds) return json({ message: authMessages.alreadyConfirmed, emailVerified: true });
    await deliverMail(db, mailIds);
    return json({ message: authMessages.confirmationLinkSent, emailVerified: false });
  },
});

export const config = { path: '/api/account/confirmation-link' };
