import { cookieName } from '../lib/http/cookie-names.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../lib/http/csrf-names.ts';
import type * as v from 'valibot';
import { visitorCookies } from '../features/platform/routes.ts';
import { routeUrl, type AnswerOf, type BodyOf, type Json, type Route, type RouteAddress, type RouteHeaders } from '../lib/http/route.ts';

/**
 * A cookie the server made readable for the page (the CSRF token, the signed-in hint), if set,
 * by its bare name: on https the browser holds it as `__Host-<name>`.
 */
export function readableCookie(bareName: string): string | undefined {
  const wanted = cookieName(bareName, location.protocol === 'https:');
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === wanted) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The CSRF token the server set as a readable cookie (ARCHITECTURE §4), if any. */
function csrfToken(): string | undefined {
  return readableCookie(CSRF_COOKIE);
}

/** An answer that was not 2xx, with the server's German message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  /** The machine-readable reason, when the server gave one (lib/http/error-codes.ts). */
  readonly code: string | undefined;

  constructor(status: number, message: string, errors: Record<string, string> = {}, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = code;
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown; errors?: unknown; code?: unknown };
    const message = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : '';
    const errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
    return new ApiError(response.status, message || `HTTP error! status: ${response.status}`, errors, typeof body.code === 'string' ? body.code : undefined);
  } catch {
    return new ApiError(response.status, text.trim() || `HTTP error! status: ${response.status}`);
  }
}

let pendingCookies: Promise<void> | null = null;

/**
 * Makes sure this browser has its visitor and CSRF cookies before talking to the functions. A
 * reader never gets them (§ 25 TDDDG, decision 0035): every API call goes through here, and only
 * the use of a form, the chat, the login or the checkout makes one. One shared GET of
 * visitorCookies sets both before anything else runs, so parallel first requests share one visitor.
 */
function ensureVisitorCookies(): Promise<void> {
  if (csrfToken()) return Promise.resolve();
  pendingCookies ??= fetch(routeUrl(visitorCookies), { credentials: 'same-origin' })
    // Read the body: an unread one keeps the request open in Chromium (the page never goes idle).
    .then((response) => response.text())
    .then(() => undefined)
    .finally(() => {
      pendingCookies = null;
    });
  return pendingCookies;
}

/** What api() takes for a route: its address (path parameters, query), its body if it has one, an abort signal. */
export type ApiInput<R extends Route> = RouteAddress<R> &
  RouteHeaders<R> &
  (R extends { body: v.GenericSchema } ? { body: BodyOf<R> } : { body?: undefined }) & { signal?: AbortSignal };

/**
 * Calls a route of the table (src/features/<feature>/routes.ts) and answers with what its entry declares:
 * URL and method from the entry, the CSRF header on state-changing methods, the visitor's cookies
 * first when missing; a refusal is an ApiError with the server's German message (issue 37).
 * Documents and redirects are links (routeUrl), not calls.
 */
export async function api<R extends Route & { answer: Json<unknown> | 'empty' }>(
  route: R,
  // The input may be left out when nothing in it is required (a GET without parameters, a logout).
  ...[input]: Partial<ApiInput<R>> extends ApiInput<R> ? [input?: ApiInput<R>] : [input: ApiInput<R>]
): Promise<AnswerOf<R>> {
  const url = routeUrl(route, input as never);
  const response = await send(url, { method: route.method, json: input?.body, headers: input?.headers, signal: input?.signal, accept: 'application/json' });
  // 204 No Content (logout, deletion) has no body to parse.
  if (response.status === 204) return undefined as AnswerOf<R>;
  // The one place an answer's JSON becomes its declared type: the route's entry and its
  // function's handler are held to that type by the compiler (decision 0074).
  return (await response.json()) as AnswerOf<R>;
}

/** A file a function answered with: its bytes, the name its Content-Disposition gives, and the answer's headers. */
export interface Download {
  file: Blob;
  fileName: string;
  headers: Headers;
}

/**
 * Calls a route whose answer is a file made by the call itself (a POST: a link cannot make it), the
 * one way to fetch one (issue 37): the same cookies, CSRF header and refusals as api(); the file's
 * name is the answer's, else `fallbackName`. Files that exist already are links (routeUrl).
 */
export async function download<R extends Route & { answer: 'file' }>(route: R, fallbackName: string, input?: ApiInput<R>): Promise<Download> {
  const response = await send(routeUrl(route, input as never), { method: route.method, json: input?.body, signal: input?.signal, accept: '*/*' });
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  return { file: await response.blob(), fileName, headers: response.headers };
}

/**
 * The request itself: the visitor's cookies first when missing, the CSRF cookie echoed in the
 * X-CSRF-Token header on state-changing methods, a refusal as ApiError.
 */
async function send(
  path: string,
  init: { method?: string; json?: unknown; signal?: AbortSignal | undefined; headers?: Record<string, string>; accept: string },
): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = { ...init.headers, Accept: init.accept };
  await ensureVisitorCookies();
  if (method !== 'GET') {
    const token = csrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    signal: init.signal,
  });
  if (!response.ok) throw await errorFrom(response);
  return response;
}
