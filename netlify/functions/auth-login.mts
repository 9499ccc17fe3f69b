import { authLogin } from '../../src/features/accounts/routes.ts';
import { authMessages } from '../../src/lib/schemas/auth.ts';
import { checkCredentials } from '../../src/server/auth/accounts.ts';
import { createSession, revokeSession, SESSION_COOKIE } from '../../src/server/auth/session.ts';
import { throttledPasswordCheck } from '../../src/server/auth/throttle.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { errorJson, json } from '../../src/server/http/respond.ts';

/**
 * POST /api/auth/login: a new session on success, with the lifetimes of decision 0064. The
 * throttle admits the attempt before the password is looked at (decisions 0037, 0065), asking
 * for a solved captcha while the address is guessed at from many clients. Unknown e-mail and wrong password give the same status
 * and body after a comparable bcrypt check.
 */
export default endpoint([
  on(authLogin, async (ctx) => {
    const input = await ctx.body();
    const db = await getDb();
    const origin = { kind: 'login', captcha: input.captcha, cookies: ctx.cookies } as const;
    const userId = await throttledPasswordCheck(db, input.email, ctx.ip, origin, () => checkCredentials(db, input));
    if (!userId) return errorJson(401, authMessages.invalidCredentials);
    // A session the visitor brought along is never promoted: login always starts a new one.
    await revokeSession(db, ctx.cookies.get(SESSION_COOKIE));
    for (const cookie of await createSession(db, userId, input.rememberMe, ctx.secure)) ctx.setCookie(cookie);
    return json({ ok: true });
  }),
]);

export const config = { path: '/api/auth/login' };
