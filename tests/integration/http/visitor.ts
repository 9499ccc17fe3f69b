import { randomBytes } from 'node:crypto';
import visitorCookies from '../../../netlify/functions/visitor.mts';
import type { FunctionContext } from '../../../src/server/http/endpoint.ts';

type FunctionHandler = (request: Request, context: FunctionContext) => Promise<Response>;

export const ORIGIN = 'http://127.0.0.1:4321';

/** Every visitor's after-response work still running: a test file's database closes only after it. */
const running = new Set<Promise<unknown>>();

export async function afterResponsesSettled(): Promise<void> {
  await Promise.all(running);
}

/**
 * A browser visitor in miniature: keeps the cookies the functions set and sends what a
 * same-origin fetch from our pages sends (Origin, Sec-Fetch-Site, the CSRF header). Like the
 * pages' api(), it first fetches its visitor and CSRF cookies from GET /api/visitor, unless a
 * test asks for a browser without them (`visitorCookies: false`).
 */
export class Visitor {
  readonly cookies = new Map<string, string>();
  readonly ip: string;
  /**
   * The address the requests go to. A test may point it elsewhere to play a forged Host header:
   * Netlify and the local server build the request's URL from that header.
   */
  origin = ORIGIN;
  /** Work the functions handed to waitUntil, as Netlify keeps it running after the answer. */
  private readonly afterResponses: Promise<unknown>[] = [];

  /**
   * Each visitor comes from its own random address unless told otherwise, so rate-limit
   * counters of other tests (also of other files sharing a real database) never interfere.
   */
  constructor(ip?: string) {
    this.ip = ip ?? `2001:db8::${randomBytes(6).toString('hex').match(/.{4}/g)!.join(':')}`;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  }

  remember(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), decodeURIComponent(pair.slice(eq + 1)));
    }
  }

  /** Waits for the work the answers left running (a mail's delivery), as a later look at the mailbox would. */
  async settled(): Promise<void> {
    await Promise.all(this.afterResponses.splice(0));
  }

  async call(
    handler: FunctionHandler,
    path: string,
    init: RequestInit & { json?: unknown; csrf?: boolean; visitorCookies?: boolean; params?: Record<string, string> } = {},
  ): Promise<Response> {
    if (init.visitorCookies !== false && handler !== visitorCookies && !this.cookies.has('csrf_token')) {
      await this.call(visitorCookies, '/api/visitor');
    }
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader());
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      if (!headers.has('origin')) headers.set('origin', this.origin);
      if (!headers.has('sec-fetch-site')) headers.set('sec-fetch-site', 'same-origin');
      const token = this.cookies.get('csrf_token');
      if (init.csrf !== false && token && !headers.has('x-csrf-token')) headers.set('x-csrf-token', token);
    }
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await handler(new Request(this.origin + path, { ...init, method, headers, body }), {
      ip: this.ip,
      params: init.params ?? {},
      waitUntil: (work) => {
        this.afterResponses.push(work);
        running.add(work);
        void work.finally(() => running.delete(work));
      },
    });
    this.remember(response);
    return response;
  }
}
