import { authMessages } from '../../src/lib/schemas/auth.ts';
import { SESSION_COOKIE, sessionUser } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { errorJson, json } from '../../src/server/http/respond.ts';

/** GET /api/auth/me: the logged-in user, or 401 (SPEC §7). */
export default endpoint({
  GET: async (ctx) => {
    const user = await sessionUser(await getDb(), ctx.cookies.get(SESSION_COOKIE));
    return user ? json(user) : errorJson(401, authMessages.notLoggedIn);
  },
});

export const config = { path: '/api/auth/me' };
