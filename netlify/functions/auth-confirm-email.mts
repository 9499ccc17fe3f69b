import { authConfirmEmail } from '../../src/features/accounts/routes.ts';
import { authMessages } from '../../src/lib/schemas/auth.ts';
import { confirmEmail } from '../../src/server/auth/email-verification.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * POST /api/auth/confirm-email { token }: confirms the address of the link from the mail and
 * gives the account the guest orders of that address. The page of the link sends it after a
 * click, never on loading: a mail scanner that opens links must not confirm anything. Works
 * without a session: the link may be opened in another browser than the one logged in.
 */
export default endpoint([
  on(authConfirmEmail, async (ctx) => {
    await ctx.rateLimit('confirm-email');
    const { token } = await ctx.body();
    if (!(await confirmEmail(await getDb(), token))) {
      throw new HttpError(400, authMessages.confirmationLinkInvalid, { token: authMessages.confirmationLinkInvalid });
    }
    return json({ message: authMessages.emailConfirmed });
  }),
]);

export const config = { path: '/api/auth/confirm-email' };
