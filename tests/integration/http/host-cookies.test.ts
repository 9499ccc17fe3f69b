import { describe, expect, it } from 'vitest';
import login from '../../../netlify/functions/auth-login.mts';
import me from '../../../netlify/functions/auth-me.mts';
import register from '../../../netlify/functions/auth-register.mts';
import visitorCookies from '../../../netlify/functions/visitor.mts';
import { newAccount } from '../auth/helpers.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

const ORIGIN = 'https://kraus.example';

/** A minimal https browser: keeps cookies by their full names, as a browser does. */
class HttpsBrowser {
  readonly jar = new Map<string, string>();
  ip = `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
  async call(handler: typeof login, path: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
    const headers = new Headers({ cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') });
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    if (init.method === 'POST') {
      headers.set('origin', ORIGIN);
      headers.set('sec-fetch-site', 'same-origin');
      headers.set('x-csrf-token', decodeURIComponent(this.jar.get('__Host-csrf_token') ?? ''));
    }
    const request = new Request(ORIGIN + path, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
    const response = await handler(request, { ip: this.ip, params: {} } as unknown as Parameters<typeof login>[1]);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      this.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  }
}

/** Issue 21 (decision 0039): on https every cookie carries the __Host- prefix. */
describe('__Host- cookies on https', () => {
  it('names visitor, CSRF, session and hint cookies with the prefix and reads only prefixed ones', async () => {
    const browser = new HttpsBrowser();
    const issued = await browser.call(visitorCookies, '/api/visitor');
    const names = issued.headers.getSetCookie().map((c) => c.split('=')[0]);
    expect(names).toEqual(['__Host-visitor_id', '__Host-csrf_token']);
    for (const cookie of issued.headers.getSetCookie()) expect(cookie).toMatch(/; Path=\/;.*; Secure$/);

    const account = newAccount();
    expect((await browser.call(register, '/api/auth/register', { method: 'POST', json: withProofOfWork(account) })).status).toBe(201);
    const loggedIn = await browser.call(login, '/api/auth/login', { method: 'POST', json: { email: account.email, password: account.password } });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(expect.arrayContaining(['__Host-session', '__Host-signed_in']));
    expect(await (await browser.call(me, '/api/auth/me')).json()).toMatchObject({ displayName: account.displayName });

    // A bare `session` cookie (planted by a subdomain or a plain-http page) is not ours on https.
    const planted = new HttpsBrowser();
    planted.jar.set('session', browser.jar.get('__Host-session')!);
    expect(await (await planted.call(me, '/api/auth/me')).json()).not.toMatchObject({ displayName: account.displayName });
  });
});
