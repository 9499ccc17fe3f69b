import { visitorCookies } from '../../src/features/platform/routes.ts';
import { env } from '../../src/server/env.ts';
import { issueVisitorCookies } from '../../src/server/http/csrf.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { noContent } from '../../src/server/http/respond.ts';

/**
 * GET /api/visitor: the visitor and CSRF cookies (204), asked for by the browser right before its
 * first form, chat, login or checkout request; reading pages never calls it (decision 0035).
 */
export default endpoint([
  on(visitorCookies, (ctx) => {
    for (const cookie of issueVisitorCookies(ctx.cookies, env().appSecret, ctx.secure)) ctx.setCookie(cookie);
    return noContent();
  }),
]);

export const config = { path: '/api/visitor' };
