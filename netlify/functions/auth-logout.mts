import { clearSessionCookie, clearSignedInCookie, revokeSession, SESSION_COOKIE } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/index.ts';
import { authLogout } from '../../src/features/accounts/routes.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { noContent } from '../../src/server/http/respond.ts';

/** POST /api/auth/logout: revokes the session in the database and clears its cookie and the page's hint (204). */
export default endpoint([
  on(authLogout, async (ctx) => {
    await revokeSession(await getDb(), ctx.cookies.get(SESSION_COOKIE));
    ctx.setCookie(clearSessionCookie(ctx.secure));
    ctx.setCookie(clearSignedInCookie(ctx.secure));
    return noContent();
  }),
]);

export const config = { path: '/api/auth/logout' };
