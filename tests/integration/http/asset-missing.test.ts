import { describe, expect, it } from 'vitest';
import assetMissing, { config } from '../../../netlify/functions/asset-missing.mts';
import { apiSecurityHeaders } from '../../../src/server/http/security-headers.ts';
import { matchRoute, routesOf } from '../../../src/server/local/function-routes.ts';
import { ORIGIN } from './visitor.ts';

/**
 * The function behind every /_astro/ path without a file (docs/decisions/0041): a 404 that no
 * cache keeps, because Netlify would give a 404 page there the assets' year-long Cache-Control.
 */
function call(path: string, method = 'GET'): Promise<Response> {
  return assetMissing(new Request(`${ORIGIN}${path}`, { method }), { ip: '127.0.0.1', params: {} });
}

function expectApiSecurityHeaders(response: Response) {
  for (const [name, value] of Object.entries(apiSecurityHeaders)) expect(response.headers.get(name), name).toBe(value);
}

describe('asset-missing (/_astro/* without a file)', () => {
  it('runs only behind the static files, for every path under /_astro/', () => {
    expect(config).toEqual({ path: '/_astro/*', preferStatic: true });
    const routes = routesOf({ default: assetMissing, config }, 'asset-missing.mts');
    expect(routes.map((route) => route.preferStatic)).toEqual([true]);
    expect(matchRoute(routes, '/_astro/Header.B1x2.js')).toBeDefined();
    expect(matchRoute(routes, '/_astro/fonts/a.woff2')).toBeDefined();
    expect(matchRoute(routes, '/astro/a.js')).toBeUndefined();
  });

  it('answers GET with a German 404 that no cache keeps, with the API security headers', async () => {
    const response = await call('/_astro/page.newer-deploy.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Diese Datei gibt es nicht (mehr). Bitte laden Sie die Seite neu.');
    expectApiSecurityHeaders(response);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('answers HEAD the same, without a body', async () => {
    const response = await call('/_astro/page.newer-deploy.js', 'HEAD');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectApiSecurityHeaders(response);
    expect(response.body).toBeNull();
  });

  it('refuses other methods without a cacheable answer', async () => {
    const options = await call('/_astro/a.js', 'OPTIONS');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD');
    const post = await call('/_astro/a.js', 'POST');
    // A state-changing method meets the CSRF check first (403), like at every function.
    expect(post.status).toBe(403);
    for (const response of [options, post]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expectApiSecurityHeaders(response);
    }
  });
});
