import type { Json, Route } from '../../lib/http/route.ts';

/**
 * The site's own endpoints in the route table (issue 37, decision 0074): the visitor's cookies,
 * fetched right before a first form, chat, login or checkout request (decision 0035), and the
 * health check that monitors and the local server's readiness use.
 */

/** Sets the visitor and CSRF cookies (204). */
export const visitorCookies = { method: 'GET', path: '/api/visitor', answer: 'empty' } as const satisfies Route;
/** A real database round trip; `db` names the driver. */
export const health = { method: 'GET', path: '/api/health', answer: 'json' as Json<{ ok: boolean; db: string }> } as const satisfies Route;
