import { authResetPassword } from '../../src/features/accounts/routes.ts';
import { authMessages } from '../../src/lib/schemas/auth.ts';
import { resetPassword } from '../../src/server/auth/password-reset.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { json } from '../../src/server/http/respond.ts';

/** POST /api/auth/reset-password: a new password with a link from the mail; every session of the user ends. */
export default endpoint([
  on(authResetPassword, async (ctx) => {
    await ctx.rateLimit('reset-password');
    const { token, password } = await ctx.body();
    if (!(await resetPassword(await getDb(), token, password))) {
      throw new HttpError(400, authMessages.resetLinkInvalid, { token: authMessages.resetLinkInvalid });
    }
    return json({ ok: true });
  }),
]);

export const config = { path: '/api/auth/reset-password' };
