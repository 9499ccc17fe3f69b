import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, pageSecurityHeaders } from '../../../src/server/http/security-headers.ts';
import { writeNetlifyFiles } from '../../../src/server/local/build-files.ts';
import { inlineScriptHashes, parseHeadersFile } from '../../../src/server/local/netlify-files.ts';

/**
 * Pages get their headers from dist/_headers (served by Netlify and by scripts/serve.ts alike),
 * function answers from the endpoint wrapper: both must say the same, and nothing else may add
 * a second, diverging definition.
 */
describe('the sources of the security headers agree', () => {
  it('dist/_headers carries exactly the page headers of security-headers.ts for every path', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'headers-'));
    try {
      const html = '<html><body><script>self.x=1</script><script src="/a.js"></script></body></html>';
      await writeFile(join(dist, 'index.html'), html);
      await writeNetlifyFiles(dist);
      const rules = parseHeadersFile(await readFile(join(dist, '_headers'), 'utf8'));
      expect(rules.find((rule) => rule.path === '/*')?.headers).toEqual(pageSecurityHeaders(inlineScriptHashes(html)));
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('a preview build adds noindex for every path; a production build does not', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'headers-'));
    try {
      await writeFile(join(dist, 'index.html'), '<html><body></body></html>');
      const everyPath = async (deployContext: string | undefined) => {
        await writeNetlifyFiles(dist, { deployContext });
        return parseHeadersFile(await readFile(join(dist, '_headers'), 'utf8')).find((rule) => rule.path === '/*')?.headers;
      };
      for (const preview of ['deploy-preview', 'branch-deploy']) {
        expect(await everyPath(preview)).toEqual({ ...pageSecurityHeaders([]), 'X-Robots-Tag': 'noindex' });
      }
      for (const live of ['production', undefined]) expect((await everyPath(live))?.['X-Robots-Tag']).toBeUndefined();
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('pages and API answers share every common header with the same value', () => {
    const page = pageSecurityHeaders([]);
    const shared = Object.keys(page).filter((name) => name !== 'Content-Security-Policy');
    expect(shared.length).toBeGreaterThan(0);
    for (const name of shared) expect(apiSecurityHeaders[name], name).toBe(page[name]);
  });

  it('both carry the baseline of ARCHITECTURE §4', () => {
    for (const headers of [pageSecurityHeaders(['abc=']), apiSecurityHeaders]) {
      expect(headers['Strict-Transport-Security']).toMatch(/max-age=\d{8,}/);
      expect(headers['X-Content-Type-Options']).toBe('nosniff');
      expect(headers['Referrer-Policy']).toBeTruthy();
      expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    }
    const scriptSrc = /script-src ([^;]*)/.exec(pageSecurityHeaders([])['Content-Security-Policy']!)?.[1];
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('netlify.toml defines no headers or redirects of its own', async () => {
    const toml = await readFile(join(import.meta.dirname, '..', '..', '..', 'netlify.toml'), 'utf8');
    expect(toml).not.toMatch(/^\s*\[\[(headers|redirects)\]\]/m);
  });
});
