import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER } from '../../lib/http/csrf-names.ts';
import { HttpError, httpMessages } from './errors.ts';

/**
 * CSRF protection (ARCHITECTURE §4): a signed double-submit token.
 *
 * The token lives in the readable cookie `csrf_token` and must come back in the
 * `X-CSRF-Token` header. It is `<nonce>.<HMAC(secret, binding + nonce)>`, where the binding
 * is the visitor's HttpOnly `visitor_id` cookie (later also the session), so a token planted
 * by another site or copied from another visitor does not verify.
 */

export const VISITOR_COOKIE = 'visitor_id';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isUnsafeMethod(method: string): boolean {
  return UNSAFE_METHODS.has(method.toUpperCase());
}

export function newVisitorId(): string {
  return randomBytes(16).toString('base64url');
}

function sign(secret: string, binding: string, nonce: string): string {
  return createHmac('sha256', secret).update(`csrf\u0000${binding}\u0000${nonce}`).digest('base64url');
}

export function issueCsrfToken(secret: string, binding: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${sign(secret, binding, nonce)}`;
}

export function verifyCsrfToken(secret: string, binding: string, token: string): boolean {
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  const expected = Buffer.from(sign(secret, binding, token.slice(0, dot)));
  const actual = Buffer.from(token.slice(dot + 1));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A state-changing request must come from our own site: browsers send `Sec-Fetch-Site`
 * and `Origin` on every cross-origin capable request; requests that send neither are
 * not from a browser page of ours and are refused too.
 */
export function assertSameSite(request: Request): void {
  const fetchSite = request.headers.get('sec-fetch-site');
  const origin = request.headers.get('origin');
  if (fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'same-site') {
    throw new HttpError(403, httpMessages.crossSite);
  }
  if (origin !== null && origin !== new URL(request.url).origin) {
    throw new HttpError(403, httpMessages.crossSite);
  }
  if (fetchSite === null && origin === null) {
    throw new HttpError(403, httpMessages.crossSite);
  }
}

export function assertCsrf(request: Request, cookies: Map<string, string>, secret: string): void {
  assertSameSite(request);
  const cookieToken = cookies.get(CSRF_COOKIE);
  const headerToken = request.headers.get(CSRF_HEADER);
  const binding = cookies.get(VISITOR_COOKIE);
  if (!cookieToken || !headerToken || !binding || headerToken !== cookieToken) {
    throw new HttpError(403, httpMessages.csrfMissing);
  }
  if (!verifyCsrfToken(secret, binding, cookieToken)) {
    throw new HttpError(403, httpMessages.csrfMissing);
  }
}
