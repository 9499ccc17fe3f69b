import type { Context } from '@netlify/functions';
import * as v from 'valibot';
import type { AnswerOf, BodyOf, Method, Route, RouteParams } from '../../lib/http/route.ts';
import { getDb } from '../db/index.ts';
import { countRoundTrips, type RoundTripTally } from '../db/round-trips.ts';
import { isPreviewContext } from '../deploy-context.ts';
import { env } from '../env.ts';
import { hitRateLimit, tooManyRequests, type RateLimitHit } from '../rate-limit.ts';
import type { RateLimitName } from '../rate-limits.ts';
import { fieldErrors } from '../../lib/schemas/issues.ts';
import { assertDeclaredSize, DEFAULT_MAX_BODY_BYTES, isFormContentType, readFormBody, readJsonBody } from './body.ts';
import { parseCookies } from './cookies.ts';
import { assertCsrf, assertSameSite, isUnsafeMethod } from './csrf.ts';
import { HttpError, httpMessages } from './errors.ts';
import { errorJson, type EmptyResponse, type ErrorResponse, type JsonResponse, type PageResponse } from './respond.ts';
import { apiSecurityHeaders, previewHeaders } from './security-headers.ts';

/**
 * What a handler needs of Netlify's context; the local server provides ip and params. `deploy`
 * names the deploy context per request on Netlify (absent locally, 'dev' under netlify serve).
 */
export type FunctionContext = Pick<Context, 'ip' | 'params'> & Partial<Pick<Context, 'waitUntil'>> & { deploy?: { context?: string } };

export interface RequestContext {
  request: Request;
  url: URL;
  params: Record<string, string>;
  ip: string;
  cookies: Map<string, string>;
  /** True when the site is served over https: cookies get the Secure flag. */
  secure: boolean;
  /** Adds a Set-Cookie header to the answer. */
  setCookie(header: string): void;
  /** The JSON body, validated with the schema shared with the form (400/413/415 otherwise). */
  body<S extends v.GenericSchema>(schema: S): Promise<v.InferOutput<S>>;
  /** True for an HTML form post a browser sent without scripts (only on a route that declares formPost). */
  formPost: boolean;
  /** The fields of that form post, as typed (413/415 otherwise); the handler validates them. */
  formFields(): Promise<Record<string, string>>;
  /** Counts this request against a rule of rate-limits.ts; 429 with Retry-After when over it. Key defaults to the IP. */
  rateLimit(name: RateLimitName, key?: string): Promise<void>;
  /** The same hit, for a statement that carries it with its own work in one round trip (rateLimitSql). */
  rateLimitHit(name: RateLimitName, key?: string): RateLimitHit;
  /**
   * Work the answer must not wait for (sending a queued mail, whose duration would tell what the
   * answer hides, and which the customer should not wait for). It starts once the answer is
   * complete, so its round trips are not the request's (Server-Timing). Netlify keeps the
   * function alive for it (waitUntil); the local server's process runs on anyway. A failure is
   * only logged: the outbox retries the mail.
   */
  afterResponse(work: () => Promise<unknown>): void;
}

export type Handler = (ctx: RequestContext) => Promise<Response> | Response;

/**
 * What the handler of one route gets (issue 37): its path parameters and query as its entry in the
 * route table (src/features/<feature>/routes.ts) declares them (a parameter that does not fit is a
 * 404, a query a 400, before the handler runs), and its body read with the entry's schema.
 */
export interface RouteContext<R extends Route> extends Omit<RequestContext, 'params' | 'body'> {
  params: R extends { params: infer S extends v.GenericSchema } ? v.InferOutput<S> : RouteParams<R>;
  query: R['query'] extends v.GenericSchema ? v.InferOutput<R['query']> : Record<string, never>;
  /** The headers the entry declares, read by its schema (a header that does not fit is a 400 before the handler runs). */
  headers: R['headers'] extends v.GenericSchema ? v.InferOutput<R['headers']> : Record<string, never>;
  body(): Promise<R['body'] extends v.GenericSchema ? v.InferOutput<R['body']> : never>;
  /**
   * The body read with the schema of the case at hand, where the entry's body is a choice the
   * request alone does not settle: a logged-in customer's cancellation is the declaration alone,
   * a visitor's the whole form (the session decides). The schema takes a part of what the entry does.
   */
  body<S extends v.GenericSchema<BodyOf<R>>>(schema: S): Promise<v.InferOutput<S>>;
}

/** The answer a route's handler must give: the one its entry declares, or an error. */
export type RouteResponse<R extends Route> =
  | ErrorResponse
  | (R['answer'] extends 'empty' ? EmptyResponse : R['answer'] extends 'file' | 'redirect' ? Response : JsonResponse<AnswerOf<R>>)
  | (R extends { formPost: true } ? PageResponse : never);

export interface RouteHandler<R extends Route> {
  readonly route: R;
  readonly handle: (ctx: RouteContext<R>) => Promise<RouteResponse<R>> | RouteResponse<R>;
}

/** Any route's handler, as endpoint() keeps them: the types were checked where on() paired them. */
interface AnyRouteHandler {
  readonly route: Route;
  readonly handle: (ctx: never) => Promise<Response> | Response;
}

/** Pairs a route of the table with its handler, for endpoint(). */
export function on<R extends Route>(route: R, handle: RouteHandler<R>['handle']): RouteHandler<R> {
  return { route, handle };
}

export interface EndpointOptions {
  maxBodyBytes?: number;
}

/**
 * Wraps the handlers of one resource – by route of the table (`[on(route, handler), …]`,
 * decision 0074) or, for the functions not yet in it, by method – into a Netlify Functions v2
 * handler with the request-security baseline: method check (405), CSRF on every state-changing method,
 * security headers, and German JSON errors. Only a real fault becomes a 500; bad input never
 * does. A GET sets no cookie by itself: the visitor and CSRF cookies come from GET /api/visitor,
 * which the browser calls when it first needs them (decision 0035).
 */
export function endpoint(declared: Partial<Record<Method, Handler>> | readonly AnyRouteHandler[], options: EndpointOptions = {}) {
  const routes = Array.isArray(declared) ? declared.map((handler) => handler.route) : [];
  const handlers = Array.isArray(declared) ? byMethod(declared) : (declared as Partial<Record<Method, Handler>>);
  const allowed = Object.keys(handlers) as Method[];
  if (handlers.GET) allowed.push('HEAD' as Method);
  const allowHeader = allowed.join(', ');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const formPosts = new Set<string>(routes.filter((route) => route.formPost).map((route) => route.method));

  async function handle(request: Request, context: FunctionContext): Promise<Response> {
    const afterwards: (() => Promise<unknown>)[] = [];
    const { result, tally } = await countRoundTrips(() => answer(request, context, afterwards));
    result.headers.set('Server-Timing', serverTiming(tally));
    for (const work of afterwards) {
      const settled = work().catch((error: unknown) => console.error(`[${request.method} ${new URL(request.url).pathname}] nach der Antwort:`, error));
      context.waitUntil?.(settled);
    }
    return result;
  }
  // What this function serves, for the tests that hold the routes to the function's config.path
  // and every state-changing method to the abuse suite.
  return Object.assign(handle, { routes, methods: Object.keys(handlers) as Method[] });

  async function answer(request: Request, context: FunctionContext, afterwards: (() => Promise<unknown>)[]): Promise<Response> {
    const url = new URL(request.url);
    const secure = url.protocol === 'https:';
    const cookies = parseCookies(request.headers.get('cookie'), secure);
    const setCookies: string[] = [];
    const method = request.method.toUpperCase();
    const requestContext = context.deploy?.context;
    const formPost = formPosts.has(method) && isFormContentType(request.headers.get('content-type'));

    let response: Response;
    try {
      const handler = handlers[(method === 'HEAD' ? 'GET' : method) as Method];
      if (method === 'OPTIONS') {
        // No CORS headers: a cross-origin preflight gets nothing that would allow it.
        response = new Response(null, { status: 204, headers: { Allow: allowHeader } });
      } else {
        const config = env();
        if (isPreviewContext(requestContext) && !config.preview) refuseUnmarkedPreview(requestContext);
        // CSRF first: a forged state-changing request learns nothing, not even which methods exist.
        if (isUnsafeMethod(method)) {
          // A browser sends Origin with every form post; a foreign one is refused (403) like a
          // missing token. The JSON path keeps the double-submit token.
          if (formPost) assertSameSite(request);
          else assertCsrf(request, cookies, config.appSecret);
          assertDeclaredSize(request, maxBodyBytes);
        }
        const limitKey = context.ip ?? 'unknown';
        if (!handler) throw new HttpError(405, httpMessages.methodNotAllowed, undefined, { Allow: allowHeader });
        response = await handler({
          request,
          url,
          params: decodedParams(context.params),
          ip: context.ip ?? '',
          cookies,
          secure,
          setCookie: (header) => setCookies.push(header),
          body: (schema) => readJsonBody(request, schema, maxBodyBytes),
          formPost,
          formFields: () => readFormBody(request, maxBodyBytes),
          afterResponse: (work) => afterwards.push(work),
          rateLimit: async (name, key) => {
            const result = await hitRateLimit(await getDb(), name, key ?? limitKey);
            if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
          },
          rateLimitHit: (name, key) => ({ name, key: key ?? limitKey }),
        });
        if (method === 'HEAD') response = new Response(null, response);
      }
    } catch (error) {
      if (error instanceof HttpError) {
        response = errorJson(error.status, error.message, error.errors, error.headers, error.code);
      } else {
        console.error(`[${method} ${url.pathname}]`, error);
        response = errorJson(500, httpMessages.internal);
      }
    }
    return withHeaders(response, setCookies, servesPreview(requestContext));
  }
}

/** The routes' handlers by method, each reading params, query and body as its entry declares them. */
function byMethod(declared: readonly AnyRouteHandler[]): Partial<Record<Method, Handler>> {
  const handlers: Partial<Record<Method, Handler>> = {};
  for (const { route, handle } of declared) {
    if (handlers[route.method]) throw new Error(`${route.method} ${route.path}: zwei Handler für eine Methode`);
    handlers[route.method] = (ctx) => {
      const params = route.params ? pathParams(route.params, ctx.params) : ctx.params;
      const query = route.query ? queryValues(route.query, ctx.url.searchParams) : {};
      const headers = route.headers ? headerValues(route.headers, ctx.request.headers) : {};
      const body = (schema = route.body) => (schema ? ctx.body(schema) : Promise.reject(new Error(`${route.method} ${route.path} nimmt keinen Body an`)));
      return handle({ ...ctx, params, query, headers, body } as never);
    };
  }
  return handlers;
}

/**
 * The query read by the route's schema. A refusal names the wrong value in its message (a query
 * has no form whose summary would say it) and in `errors`, like a refused body.
 */
function queryValues(schema: v.GenericSchema, search: URLSearchParams): unknown {
  const result = v.safeParse(schema, Object.fromEntries(search));
  if (!result.success) throw new HttpError(400, result.issues[0].message, fieldErrors(result.issues));
  return result.output;
}

/** The headers read by the route's schema (their names in lower case); a refusal says the schema's message. */
function headerValues(schema: v.GenericSchema, headers: Headers): unknown {
  const result = v.safeParse(schema, Object.fromEntries(headers));
  if (!result.success) throw new HttpError(400, result.issues[0].message);
  return result.output;
}

/** The path's parameters read by the route's schema; one that cannot be is not found. */
function pathParams(schema: v.GenericSchema, params: Record<string, string>): unknown {
  const result = v.safeParse(schema, params);
  if (!result.success) throw new HttpError(404, result.issues[0].message);
  return result.output;
}

/**
 * The database's share of this answer, for the browser's developer tools and the benchmark: the
 * round trips it took and the time spent waiting for them. It tells nothing about the data.
 */
function serverTiming(tally: RoundTripTally): string {
  return `db;dur=${tally.waitedMs.toFixed(1)};desc="${tally.roundTrips} round trips"`;
}

/**
 * The path parameters as the handlers read them. Netlify's router (and the local one, which
 * imitates it) hands each segment over as sent, still percent-encoded; this is the one place that
 * decodes them. A malformed escape (`%ZZ`) is the sender's mistake: 400, not a fault.
 */
function decodedParams(raw: Record<string, string> | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw ?? {})) {
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      throw new HttpError(400, httpMessages.malformedPath);
    }
  }
  return params;
}

/**
 * Netlify names this request's deploy a preview, but the bundle's build context says otherwise
 * (a missing or stale netlify/generated/deploy-context.json). The process-wide choices (database,
 * mail) follow the build context, so this deploy would act like production: refuse instead.
 */
function refuseUnmarkedPreview(requestContext: string | undefined): never {
  console.error(
    `[deploy] Netlify meldet den Deploy-Kontext ${requestContext}, der Build aber ${env().deployContext ?? 'keinen'}: ` +
      'Anfrage abgewiesen, damit eine Vorschau nie die Produktionsdatenbank benutzt oder echte Mails sendet.',
  );
  throw new HttpError(503, httpMessages.previewNotBuiltAsPreview);
}

/**
 * Whether this answer belongs to a preview: by the build's context (which netlify serve
 * reproduces offline) or by Netlify's context of the request (the only one a stale bundle cannot
 * falsify). A broken configuration (env() throws, e.g. a preview whose build recorded no address
 * of its own) already made this answer a 500.
 */
function servesPreview(requestContext: string | undefined): boolean {
  if (isPreviewContext(requestContext)) return true;
  try {
    return env().preview;
  } catch {
    return false;
  }
}

function withHeaders(response: Response, setCookies: string[], preview: boolean): Response {
  try {
    addHeaders(response.headers, setCookies, preview);
    return response;
  } catch {
    // Headers of Response.redirect()/error() are immutable: answer with a copy. Every other
    // answer is changed in place, which spares wrapping its body stream a second time.
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
    addHeaders(copy.headers, setCookies, preview);
    return copy;
  }
}

function addHeaders(headers: Headers, setCookies: string[], preview: boolean): void {
  for (const [name, value] of Object.entries(apiSecurityHeaders)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if (preview) for (const [name, value] of Object.entries(previewHeaders)) headers.set(name, value);
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
}
