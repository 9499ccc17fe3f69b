import { authMessages, LoginSchema } from '../../src/lib/schemas/auth.ts';
import { checkCredentials } from '../../src/server/auth/accounts.ts';
import { createSession, revokeSession, SESSION_COOKIE, signedInCookie } from '../../src/server/auth/session.ts';
import { throttledPasswordCheck } from '../../src/server/auth/throttle.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { errorJson, json } from '../../src/server/http/respond.ts';

/**
 * POST /api/auth/login: a new session on success. The throttle admits the attempt before the
 * password is looked at (decision 0037). Unknown e-mail and wrong password give the same status
 * and body after a comparable bcrypt check.
 */
export default endpoint({
  POST: async (ctx) => {
    const input = await ctx.body(LoginSchema);
    const db = await getDb();
    const userId = await throttledPasswordCheck(db, input.email, ctx.ip, () => checkCredentials(db, input));
    if (!userId) return errorJson(401, authMessages.invalidCredentials);
    // A session the visitor brought along is never promoted: login always starts a new one.
    await revokeSession(db, ctx.cookies.get(SESSION_COOKIE));
    ctx.setCookie(await createSession(db, userId, input.rememberMe, ctx.secure));
    ctx.setCookie(signedInCookie(input.rememberMe, ctx.secure));
    return json({ ok: true });
  },
});

export const config = { path: '/api/auth/login' };
