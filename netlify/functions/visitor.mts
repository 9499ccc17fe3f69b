import { env } from '../../src/server/env.ts';
import { issueVisitorCookies } from '../../src/server/http/csrf.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';

/**
 * GET /api/visitor: the visitor and CSRF cookies (204), asked for by the browser right before its
 * first form, chat, login or checkout request; reading pages never calls it (decision 0035).
 */
export default endpoint({
  GET: (ctx) => {
    for (const cookie of issueVisitorCookies(ctx.cookies, env().appSecret, ctx.secure)) ctx.setCookie(cookie);
    return new Response(null, { status: 204 });
  },
});

export const config = { path: '/api/visitor' };
