import { CSRF_COOKIE, CSRF_HEADER } from '../../src/lib/http/csrf-names.ts';

/**
 * A browser visitor over real HTTP: keeps the cookies the site sets and sends what a
 * same-origin fetch from our pages sends (Origin, Sec-Fetch-Site, the CSRF header).
 */
export class HttpVisitor {
  private readonly cookies = new Map<string, string>();
  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  async request(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (method !== 'GET' && method !== 'HEAD') {
      headers.set('origin', this.origin);
      headers.set('sec-fetch-site', 'same-origin');
      const token = this.cookies.get(CSRF_COOKIE);
      if (token) headers.set(CSRF_HEADER, token);
    }
    let body: string | undefined;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers.set('content-type', 'application/json');
    }
    const response = await fetch(this.origin + path, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  }
}
