import { authForgotPassword } from '../../src/features/accounts/routes.ts';
import { authMessages } from '../../src/lib/schemas/auth.ts';
import { requestPasswordReset } from '../../src/server/auth/password-reset.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { publicOrigin } from '../../src/server/http/public-origin.ts';
import { json } from '../../src/server/http/respond.ts';
import { deliverMail } from '../../src/server/mail/index.ts';

/**
 * POST /api/auth/forgot-password: always 200 with the same message, so nobody learns whether an
 * address has an account; the mail with the link goes out only for a known one. The answer does
 * not wait for the mail server, whose time would tell a known address from an unknown one; a
 * failed delivery stays in the outbox for forms-mail-retry.
 */
export default endpoint([
  on(authForgotPassword, async (ctx) => {
    await ctx.rateLimit('forgot-password');
    const { email } = await ctx.body();
    const db = await getDb();
    const mailIds = await requestPasswordReset(db, email, publicOrigin());
    ctx.afterResponse(() => deliverMail(db, mailIds));
    return json({ message: authMessages.resetLinkSent });
  }),
]);

export const config = { path: '/api/auth/forgot-password' };
