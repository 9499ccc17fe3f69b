import { clearSessionCookie, revokeSession, SESSION_COOKIE } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';

/** POST /api/auth/logout: revokes the session in the database and clears the cookie (204). */
export default endpoint({
  POST: async (ctx) => {
    await revokeSession(await getDb(), ctx.cookies.get(SESSION_COOKIE));
    ctx.setCookie(clearSessionCookie(ctx.secure));
    return new Response(null, { status: 204 });
  },
});

export const config = { path: '/api/auth/logout' };
