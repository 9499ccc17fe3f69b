import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER } from '../../lib/http/csrf-names.ts';
import { serializeCookie } from './cookies.ts';
import { HttpError, httpMessages } from './errors.ts';

/**
 * CSRF protection (ARCHITECTURE §4): a signed double-submit token.
 *
 * The token lives in the readable cookie `csrf_token` and must come back in the
 * `X-CSRF-Token` header. It is `<nonce>.<HMAC(secret, binding + nonce)>`, where the binding
 * is the visitor's HttpOnly `visitor_id` cookie (later also the session), so a token planted
 * by another site or copied from another visitor does not verify.
 *
 * Nobody gets these cookies for reading pages (§ 25 TDDDG, decision 0035): the browser asks
 * GET /api/visitor for them right before its first form, chat, login or checkout request.
 */

const VISITOR_COOKIE = 'visitor_id';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isUnsafeMethod(method: string): boolean {
  return UNSAFE_METHODS.has(method.toUpperCase());
}

function newVisitorId(): string {
  return randomBytes(16).toString('base64url');
}

function visitorSignature(secret: string, visitor: string): string {
  return createHmac('sha256', secret).update(`visitor\u0000${visitor}`).digest('base64url');
}

/**
 * The visitor id of the request, when its cookie carries our signature (`<id>.<HMAC>`): an id a
 * client made up, or one from before the cookie was signed, counts as no visitor at all, so data
 * is never bound to an id the client chose (issue 21, decision 0039).
 */
function readVisitor(cookies: Map<string, string>, secret: string): string | undefined {
  const value = cookies.get(VISITOR_COOKIE);
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot <= 0) return undefined;
  const visitor = value.slice(0, dot);
  const expected = Buffer.from(visitorSignature(secret, visitor));
  const actual = Buffer.from(value.slice(dot + 1));
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? visitor : undefined;
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
  const binding = readVisitor(cookies, secret);
  if (!cookieToken || !headerToken || !binding || headerToken !== cookieToken) {
    throw new HttpError(403, httpMessages.csrfMissing);
  }
  if (!verifyCsrfToken(secret, binding, cookieToken)) {
    throw new HttpError(403, httpMessages.csrfMissing);
  }
}

/**
 * The visitor's id and a CSRF token bound to it, when absent or stale: the Set-Cookie headers
 * of GET /api/visitor, the one place that hands them out. Both end with the browser session;
 * the chat alone keeps its visitor longer (keepChatVisitor in src/server/chat/visitor-chat.ts).
 */
export function issueVisitorCookies(cookies: Map<string, string>, secret: string, secure: boolean): string[] {
  const out: string[] = [];
  let visitor = readVisitor(cookies, secret);
  if (!visitor) {
    visitor = newVisitorId();
    out.push(visitorCookie(secret, visitor, secure));
  }
  const token = cookies.get(CSRF_COOKIE);
  if (!token || !verifyCsrfToken(secret, visitor, token)) {
    // Readable by the page's script on purpose: it echoes the value in the X-CSRF-Token header.
    out.push(serializeCookie(CSRF_COOKIE, issueCsrfToken(secret, visitor), { httpOnly: false, secure }));
  }
  return out;
}

/** The HttpOnly, signed visitor cookie; without a lifetime it ends with the browser session. */
export function visitorCookie(secret: string, visitor: string, secure: boolean, maxAgeSeconds?: number): string {
  return serializeCookie(VISITOR_COOKIE, `${visitor}.${visitorSignature(secret, visitor)}`, { httpOnly: true, secure, ...(maxAgeSeconds === undefined ? {} : { maxAgeSeconds }) });
}

/**
 * The visitor id a request must carry (captcha, chat, orders): our pages obtain it from
 * GET /api/visitor before such a request, so without it the caller skipped that step or the
 * browser dropped the cookie; 403 asks for a reload instead of binding data to nobody.
 */
export function requireVisitor(cookies: Map<string, string>, secret: string): string {
  const visitor = readVisitor(cookies, secret);
  if (!visitor) throw new HttpError(403, httpMessages.csrfMissing);
  return visitor;
}
