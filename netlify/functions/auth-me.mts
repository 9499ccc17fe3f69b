import { authMe } from '../../src/features/accounts/routes.ts';
import { authMessages } from '../../src/lib/schemas/auth.ts';
import { SIGNED_IN_COOKIE } from '../../src/lib/auth/signed-in.ts';
import { clearSignedInCookie, SESSION_COOKIE, sessionUser } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { errorJson, json } from '../../src/server/http/respond.ts';

/**
 * GET /api/auth/me: the logged-in user, or 401 (SPEC §7). A 401 also ends the page's hint of a
 * session (expired or revoked elsewhere), so the next page checks no more.
 */
export default endpoint([
  on(authMe, async (ctx) => {
    const user = await sessionUser(await getDb(), ctx.cookies.get(SESSION_COOKIE));
    if (user) return json(user);
    if (ctx.cookies.has(SIGNED_IN_COOKIE)) ctx.setCookie(clearSignedInCookie(ctx.secure));
    return errorJson(401, authMessages.notLoggedIn);
  }),
]);

export const config = { path: '/api/auth/me' };
