import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { APIResponse } from '@playwright/test';
import { apiSecurityHeaders, pageSecurityHeaders } from '../../../src/server/http/security-headers.ts';
import { inlineScriptHashes } from '../../../src/server/local/netlify-files.ts';
import { pathAliases } from '../../../src/server/routing/aliases.ts';
import { expect, test } from '../fixtures.ts';
import { distDir, hydrateAll, routes, visit } from './site.ts';

/**
 * Every answer carries the security headers of src/server/http/security-headers.ts: every file
 * of the build (pages, /locales, assets), the 404 page, the alias redirects and every function
 * answer (GET, a wrong method and a malformed body per endpoint). And the page CSP holds while
 * the islands hydrate: no `securitypolicyviolation` on any page.
 */

const builtFiles = readdirSync(distDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && !['_headers', '_redirects'].includes(entry.name))
  .map((entry) => `/${relative(distDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
  .sort();

const htmlHashes = builtFiles
  .filter((file) => file.endsWith('.html'))
  .flatMap((file) => inlineScriptHashes(readFileSync(join(distDir, file), 'utf8')));
const pageHeaders = pageSecurityHeaders([...new Set(htmlHashes)].sort());

/** The public paths of the functions, read from their `config.path` (`:id` filled in). */
const functionsDir = join(import.meta.dirname, '..', '..', '..', 'netlify', 'functions');
const functionPaths = readdirSync(functionsDir)
  .filter((file) => file.endsWith('.mts'))
  .flatMap((file) => [...readFileSync(join(functionsDir, file), 'utf8').matchAll(/\bpath:\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!))
  .map((path) => path.replaceAll(/:\w+/g, '1'))
  .sort();

function expectHeaders(response: APIResponse, expected: Record<string, string>, what: string) {
  const actual = response.headers();
  const missing = Object.entries(expected).filter(([name, value]) => actual[name.toLowerCase()] !== value);
  expect(missing.map(([name]) => `${name}: ${actual[name.toLowerCase()] ?? '(fehlt)'}`), `Sicherheits-Header von ${what}`).toEqual([]);
}

test('the sweep knows the build and the functions', () => {
  expect(builtFiles).toContain('/index.html');
  expect(builtFiles.some((file) => file.startsWith('/locales/'))).toBe(true);
  expect(functionPaths).toContain('/api/health');
  expect(functionPaths).toContain('/security/hashcash/task');
});

test('every built file is served with the page security headers', async ({ request }) => {
  test.setTimeout(120_000);
  for (const file of builtFiles) {
    const response = await request.get(file, { maxRedirects: 0 });
    expect(response.status(), file).toBe(200);
    expectHeaders(response, pageHeaders, file);
  }
  for (const route of routes) {
    const response = await request.get(route, { maxRedirects: 0 });
    expect(response.status(), route).toBe(200);
    expectHeaders(response, pageHeaders, route);
  }
});

test('the 404 page and the alias redirects carry the page security headers', async ({ request }) => {
  const notFound = await request.get('/gibt-es-nicht');
  expect(notFound.status()).toBe(404);
  expectHeaders(notFound, pageHeaders, '404');
  for (const alias of Object.keys(pathAliases)) {
    const response = await request.get(alias, { maxRedirects: 0 });
    expect(response.status(), alias).toBe(301);
    expectHeaders(response, pageHeaders, alias);
  }
});

test('every function answer carries the API security headers, also refusals', async ({ request }) => {
  test.setTimeout(120_000);
  for (const path of [...functionPaths, '/api/gibt-es-nicht']) {
    const answers = {
      GET: await request.get(path, { maxRedirects: 0 }),
      PATCH: await request.patch(path, { maxRedirects: 0 }),
      'POST {': await request.post(path, { maxRedirects: 0, headers: { 'Content-Type': 'application/json' }, data: '{' }),
    };
    for (const [kind, response] of Object.entries(answers)) {
      expect(response.status(), `${kind} ${path}`).toBeLessThan(500);
      // A function that answers with a document (the Google callback's failure page) gets the page headers.
      const isDocument = response.headers()['content-type']?.startsWith('text/html');
      expectHeaders(response, isDocument ? pageSecurityHeaders([]) : apiSecurityHeaders, `${kind} ${path}`);
    }
  }
});

test.describe('CSP while the islands hydrate', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const route of routes) {
    test(`${route} raises no CSP violation`, async ({ page }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) => {
          seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      await visit(page, route);
      await hydrateAll(page);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    });
  }
});
