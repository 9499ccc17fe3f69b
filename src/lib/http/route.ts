import type * as v from 'valibot';

/**
 * The shape of one endpoint as browser and functions share it (issue 37, decision 0074): method,
 * path with its `:parameters`, the schemas of body and query the form and the server both use, and
 * what the answer is. The table of all of them is each feature's routes.ts (src/features/<feature>/); the
 * server's endpoint() and the browser's api() derive everything else from an entry.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

declare const answerType: unique symbol;

/**
 * What a successful answer is: JSON of a named type (`'json' as Json<SessionUser>`; the type exists
 * only for the compiler, at run time the entry says 'json'), 204 without a body ('empty': logout,
 * deletion), a document the browser downloads or shows itself ('file': PDF, CSV, XML, a picture)
 * or a redirect it follows ('redirect': the Google sign-in). Files and redirects are links
 * (routeUrl), never api() calls.
 */
export type Json<T> = 'json' & { readonly [answerType]?: T };
type AnswerSpec = Json<unknown> | 'empty' | 'file' | 'redirect';

/**
 * One entry of the table: a plain object literal (`{ … } as const satisfies Route`), so a page
 * that imports one entry bundles that entry and its schemas only.
 */
export interface Route {
  readonly method: Method;
  readonly path: string;
  /**
   * What the path's parameters must look like (an object schema with their names), checked
   * before the handler runs: a path whose parameter cannot be one is not found (404 with the
   * schema's message), the same as one that names nothing.
   */
  readonly params?: v.GenericSchema;
  readonly body?: v.GenericSchema;
  readonly query?: v.GenericSchema;
  /**
   * The request headers the route reads besides the site's own (an object schema keyed by the
   * header's name in lower case, e.g. the checkout's `idempotency-key`), checked before the handler
   * like the query: 400 with the schema's message.
   */
  readonly headers?: v.GenericSchema;
  /**
   * Also takes the form posted by a browser without JavaScript (application/x-www-form-urlencoded,
   * checked by Origin / Sec-Fetch-Site alone: such a reader has no CSRF cookie) and answers it with
   * an HTML page. Only the declarations that must work without scripts do (decision 0033).
   */
  readonly formPost?: true;
  readonly answer: AnswerSpec;
}

/** An answer that only says it worked. */
export type Done = { ok: boolean };
/** An answer with the server's German sentence for the person. */
export type Said = { message: string };

/** The names of a path's parameters: /api/orders/:orderNumber/parts/:part gives `'orderNumber' | 'part'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<R extends Route> = { [Name in ParamNames<R['path']>]: string };

/** The JSON a route answers with when it succeeds. */
export type AnswerOf<R extends Route> = R['answer'] extends Json<infer T> ? T : undefined;

// `R extends { body: … }` rather than `R['body']`: an entry without a body has no such key at all.
export type BodyOf<R extends Route> = R extends { body: infer S extends v.GenericSchema } ? v.InferInput<S> : never;
type QueryOf<R extends Route> = R extends { query: infer S extends v.GenericSchema } ? v.InferInput<S> : never;
type HeadersOf<R extends Route> = R extends { headers: infer S extends v.GenericSchema } ? v.InferInput<S> : never;

/** What a call or a link of a route names besides its body: path parameters and query. */
export type RouteAddress<R extends Route> = (keyof RouteParams<R> extends never ? { params?: undefined } : { params: RouteParams<R> }) &
  (R extends { query: v.GenericSchema } ? { query?: QueryOf<R> } : { query?: undefined });

/** The headers a call of a route must send, when its entry declares any. */
export type RouteHeaders<R extends Route> = R extends { headers: v.GenericSchema } ? { headers: HeadersOf<R> } : { headers?: undefined };

/**
 * The address of a route: the path with its parameters filled in, each encoded as one segment,
 * and the query appended (values that are undefined are left out). The one way to build a link
 * to a document or a redirect of the functions (issue 37).
 */
export function routeUrl<R extends Route>(route: R, address?: RouteAddress<R>): string {
  const params: Record<string, string> = address?.params ?? {};
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: Parameter ${name} fehlt`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(address?.query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
