import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSecurityHeaders } from '../../../src/server/http/security-headers.ts';
import { writeNetlifyFiles } from '../../../src/server/local/build-files.ts';
import { startLocalServer } from '../../../src/server/local/server.ts';

// A miniature build output: the server must treat it exactly as Netlify treats dist/.
let server: Server;
let base: string;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Start</title><script type="module">console.log(1)</script>');
  writeFileSync(join(dist, '404.html'), '<!doctype html><title>Seite nicht gefunden</title><h1>Seite nicht gefunden</h1>');
  writeFileSync(join(dist, 'ueber-uns.html'), '<!doctype html><title>Über uns</title>');
  mkdirSync(join(dist, 'reset-password'));
  writeFileSync(join(dist, 'reset-password', 'index.html'), '<!doctype html><title>Neues Passwort</title>');
  writeFileSync(join(dist, 'konto-bestaetigen.html'), '<!doctype html><title>E-Mail-Adresse bestätigen</title>');
  mkdirSync(join(dist, '_astro'));
  writeFileSync(join(dist, '_astro', 'app.123.js'), 'export {}');
  await writeNetlifyFiles(dist);
  server = await startLocalServer({ distDir: dist, functionsDir: resolve('netlify/functions'), host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe('local server (npm start)', () => {
  it('serves pages with pretty URLs and the security headers from _headers', async () => {
    const response = await fetch(`${base}/ueber-uns`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('redirects an alias permanently to its German path, keeping the query', async () => {
    const response = await fetch(`${base}/about?x=1`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/ueber-uns?x=1');
  });

  it('answers a token address with its page under that address (Netlify 200 rewrite)', async () => {
    const response = await fetch(`${base}/reset-password/abc_DEF-123`, { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Neues Passwort</title>');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await fetch(`${base}/reset-passwordX`)).status).toBe(404);
    const confirmation = await fetch(`${base}/konto-bestaetigen/abc_DEF-123`, { redirect: 'manual' });
    expect(confirmation.status).toBe(200);
    expect(await confirmation.text()).toContain('<title>E-Mail-Adresse bestätigen</title>');
  });

  it('answers unknown paths with the 404 page and status 404, never cached', async () => {
    const response = await fetch(`${base}/gibt-es-nicht`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Seite nicht gefunden');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('does not let a path escape the build directory', async () => {
    const response = await fetch(`${base}/..%2f..%2fetc%2fpasswd`);
    expect(response.status).toBe(404);
    expect((await fetch(`${base}/_headers`)).status).toBe(404);
  });

  it('caches fingerprinted assets forever: the file wins over the preferStatic function on /_astro/*', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${base}/_astro/app.123.js`, { method });
      expect(response.status, method).toBe(200);
      expect(response.headers.get('cache-control'), method).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type'), method).toBe('text/javascript; charset=utf-8');
      // The page headers of _headers, not the function's API CSP.
      expect(response.headers.get('content-security-policy'), method).toContain("script-src 'self'");
      expect(await response.text(), method).toBe(method === 'GET' ? 'export {}' : '');
    }
  });

  it('answers a missing asset through the asset-missing function: a 404 that no cache keeps', async () => {
    for (const path of ['/_astro/missing.js', '/_astro/fonts/missing.woff2']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('content-type'), path).toBe('text/plain; charset=utf-8');
      expect(await response.text(), path).toBe('Diese Datei gibt es nicht (mehr). Bitte laden Sie die Seite neu.');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('content-security-policy'), path).toBe(apiSecurityHeaders['Content-Security-Policy']);
    }
    const head = await fetch(`${base}/_astro/missing.js`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(head.headers.get('cache-control')).toBe('no-store');
    expect(await head.text()).toBe('');
  });

  it('answers a malformed percent escape in a function path with a 400 and the security headers', async () => {
    for (const path of ['/api/chat/conversations/%ZZ/messages', '/api/chat/conversations/%E0%A4%A/messages']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ message: 'Die Adresse enthält eine ungültige Zeichenfolge.' });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('routes functions by config.path and answers unknown API paths with a JSON 404', async () => {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).ok).toBe(true);
    const missing = await fetch(`${base}/api/gibt-es-nicht`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Die angeforderte Adresse gibt es nicht.' });
  });

  it('passes request bodies and cookies through to functions', async () => {
    const get = await fetch(`${base}/api/visitor`);
    const cookies = get.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const token = /csrf_token=([^;]+)/.exec(cookies)?.[1] ?? '';
    const post = await fetch(`${base}/api/health`, {
      method: 'POST',
      headers: { cookie: cookies, 'x-csrf-token': decodeURIComponent(token), origin: base, 'content-type': 'application/json' },
      body: '{}',
    });
    // Past the CSRF check (403 would mean the bridge lost cookies or headers), the method is refused.
    expect(post.status).toBe(405);
  });
});
