/**
 * One simulated browser: its own loopback source address (127.x.y.z, all routed to `lo` on
 * Linux), one keep-alive connection pool, the cookies the server sets, and the headers a
 * same-origin fetch of our pages sends (Origin, Sec-Fetch-Site, X-CSRF-Token). The server's
 * rate limits key on the socket address, so every simulated client counts as a separate
 * client, as real ones do; nothing in the server is bypassed.
 */
import http from 'node:http';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/lib/http/csrf-names.ts';

/** The n-th address of 127.1.0.0/16 onward, never 127.0.0.1 (the default source of everything else). */
export function loopbackAddress(n: number): string {
  const host = n + 1;
  return `127.${1 + (host >> 16)}.${(host >> 8) & 255}.${host & 255}`;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
}

export class BrowserClient {
  readonly cookies = new Map<string, string>();
  readonly origin: string;
  private readonly agent: http.Agent;

  constructor(origin: string, address: string) {
    this.origin = origin;
    this.agent = new http.Agent({ keepAlive: true, localAddress: address });
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The headers a page of ours sends with a state-changing request. */
  unsafeHeaders(): Record<string, string> {
    return {
      cookie: this.cookieHeader(),
      origin: this.origin,
      'sec-fetch-site': 'same-origin',
      [CSRF_HEADER]: this.cookies.get(CSRF_COOKIE) ?? '',
      'content-type': 'application/json',
    };
  }

  /** One request as a page's fetch sends it; the answer raw, for status, headers and body of any type. */
  send(method: string, path: string, json?: unknown, extraHeaders: Record<string, string> = {}): Promise<RawResponse> {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const headers: Record<string, string> = { ...(method === 'GET' ? { cookie: this.cookieHeader() } : this.unsafeHeaders()), ...extraHeaders };
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise((resolve, reject) => {
      const req = http.request(this.origin + path, { method, headers, agent: this.agent }, (res) => {
        for (const cookie of res.headers['set-cookie'] ?? []) {
          const [pair = ''] = cookie.split(';');
          const eq = pair.indexOf('=');
          this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  async request<T>(method: string, path: string, json?: unknown, extraHeaders?: Record<string, string>): Promise<ApiResponse<T>> {
    const response = await this.send(method, path, json, extraHeaders);
    const text = response.body.toString();
    try {
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    } catch {
      throw new Error(`${method} ${path}: keine JSON-Antwort (${response.status}): ${text.slice(0, 200)}`);
    }
  }

  /** Like `request`, but anything outside the expected statuses is an error of the run. */
  async expect<T>(statuses: number[], method: string, path: string, json?: unknown): Promise<T> {
    const response = await this.request<T>(method, path, json);
    if (!statuses.includes(response.status)) {
      throw new Error(`${method} ${path} → ${response.status}: ${JSON.stringify(response.body).slice(0, 300)}`);
    }
    return response.body;
  }

  /** What a page does before its first API request: fetch the visitor and CSRF cookies (decision 0035). */
  async prime(): Promise<void> {
    await this.expect([204], 'GET', '/api/visitor');
  }

  async login(email: string, password: string): Promise<void> {
    await this.prime();
    await this.expect([200], 'POST', '/api/auth/login', { email, password });
  }

  close(): void {
    this.agent.destroy();
  }
}
