import { authMessages, LoginSchema } from '../../src/lib/schemas/auth.ts';
import { checkCredentials } from '../../src/server/auth/accounts.ts';
import { createSession, revokeSession, SESSION_COOKIE } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { HttpError, httpMessages } from '../../src/server/http/errors.ts';
import { errorJson, json } from '../../src/server/http/respond.ts';
import { hitRateLimit, isRateLimited } from '../../src/server/rate-limit.ts';

/** At most 10 failed logins per account and per IP in 15 minutes (issue 6). */
const FAILED_LOGINS = { name: 'login-failed', limit: 10, windowSeconds: 15 * 60 };

/**
 * POST /api/auth/login: a new session on success. Unknown e-mail and wrong password give the
 * same status and body after a comparable bcrypt check.
 */
export default endpoint({
  POST: async (ctx) => {
    const input = await ctx.body(LoginSchema);
    const db = await getDb();
    const keys = [`ip:${ctx.ip}`, `account:${input.email}`];
    for (const key of keys) {
      const state = await isRateLimited(db, FAILED_LOGINS, key);
      if (!state.allowed) {
        throw new HttpError(429, httpMessages.tooManyRequests(state.retryAfterSeconds), undefined, {
          'Retry-After': String(state.retryAfterSeconds),
        });
      }
    }
    const userId = await checkCredentials(db, input);
    if (!userId) {
      for (const key of keys) await hitRateLimit(db, FAILED_LOGINS, key);
      return errorJson(401, authMessages.invalidCredentials);
    }
    // A session the visitor brought along is never promoted: login always starts a new one.
    await revokeSession(db, ctx.cookies.get(SESSION_COOKIE));
    ctx.setCookie(await createSession(db, userId, input.rememberMe, ctx.secure));
    return json({ ok: true });
  },
});

export const config = { path: '/api/auth/login' };
