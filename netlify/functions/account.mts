import { accountDelete, accountUpdate } from '../../src/features/accounts/routes.ts';
import { deleteAccount, updateDisplayName } from '../../src/server/auth/accounts.ts';
import { requireUser } from '../../src/server/auth/guard.ts';
import { clearSessionCookie, clearSignedInCookie } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json, noContent } from '../../src/server/http/respond.ts';

/** PATCH /api/account: new display name. DELETE /api/account: erasure with the current password (GDPR Art. 17). */
export default endpoint([
  on(accountUpdate, async (ctx) => {
    const user = await requireUser(ctx);
    const { displayName } = await ctx.body();
    await updateDisplayName(await getDb(), user.userId, displayName);
    return json({ ...user, displayName });
  }),
  on(accountDelete, async (ctx) => {
    const user = await requireUser(ctx);
    const { password } = await ctx.body();
    await deleteAccount(await getDb(), user.userId, password, ctx.ip);
    ctx.setCookie(clearSessionCookie(ctx.secure));
    ctx.setCookie(clearSignedInCookie(ctx.secure));
    return noContent();
  }),
]);

export const config = { path: '/api/account' };
