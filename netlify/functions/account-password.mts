import { accountPassword } from '../../src/features/accounts/routes.ts';
import { changePassword } from '../../src/server/auth/accounts.ts';
import { requireUser } from '../../src/server/auth/guard.ts';
import { SESSION_COOKIE } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/** POST /api/account/password: current and new password; the user's other sessions end. */
export default endpoint([
  on(accountPassword, async (ctx) => {
    const user = await requireUser(ctx);
    const input = await ctx.body();
    await changePassword(await getDb(), user.userId, input, ctx.ip, ctx.cookies.get(SESSION_COOKIE)!);
    return json({ ok: true });
  }),
]);

export const config = { path: '/api/account/password' };
