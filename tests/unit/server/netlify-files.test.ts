import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type HeaderRule,
  inlineScriptHashes,
  parseHeadersFile,
  parseRedirectsFile,
  pathMatches,
  renderHeadersFile,
  renderRedirectsFile,
} from '../../../src/server/local/netlify-files.ts';
import { aliasTarget, pathAliases, rewriteTarget } from '../../../src/server/routing/aliases.ts';

const sha = (text: string) => createHash('sha256').update(text).digest('base64');

describe('_headers and _redirects', () => {
  it('round-trips header rules', () => {
    const rules: HeaderRule[] = [
      { path: '/*', headers: { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'" } },
      { path: '/_astro/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
    ];
    expect(parseHeadersFile(renderHeadersFile(rules))).toEqual(rules);
  });

  it('round-trips redirect rules and ignores comments', () => {
    const rules = [{ from: '/about', to: '/ueber-uns', status: 301 }];
    expect(parseRedirectsFile(`# aliases\n${renderRedirectsFile(rules)}`)).toEqual(rules);
  });

  it('matches exact paths, trailing slashes and splats', () => {
    expect(pathMatches('/*', '/impressum')).toBe(true);
    expect(pathMatches('/_astro/*', '/_astro/a.js')).toBe(true);
    expect(pathMatches('/_astro/*', '/impressum')).toBe(false);
    expect(pathMatches('/about', '/about/')).toBe(true);
    expect(pathMatches('/about', '/about-us')).toBe(false);
  });
});

describe('inline script hashes for the CSP', () => {
  it('hashes inline scripts only, not external ones or data blocks', () => {
    const html = [
      '<script>console.log(1)</script>',
      '<script type="module">import("/x.js")</script>',
      '<script src="/shell-init.js"></script>',
      '<script type="application/ld+json">{"a":1}</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('console.log(1)'), sha('import("/x.js")')]);
  });
});

describe('path aliases', () => {
  it('redirect every alias of SPEC §2 to its German path', () => {
    expect(aliasTarget('/about')).toBe('/ueber-uns');
    expect(aliasTarget('/privacy/')).toBe('/datenschutz');
    expect(aliasTarget('/cancel-contracts')).toBe('/vertraege-kuendigen');
    expect(aliasTarget('/ueber-uns')).toBeUndefined();
    for (const [from, to] of Object.entries(pathAliases)) expect(from).not.toBe(to);
  });
});

describe('token page rewrites', () => {
  it('serve /reset-password/{token} with the /reset-password page, nothing else', () => {
    expect(rewriteTarget('/reset-password/abc')).toBe('/reset-password');
    expect(rewriteTarget('/reset-password/')).toBeUndefined();
    expect(rewriteTarget('/reset-password')).toBeUndefined();
    expect(rewriteTarget('/reset-passwordabc')).toBeUndefined();
  });

  it('serve /konto-bestaetigen/{token} with the /konto-bestaetigen page, nothing else', () => {
    expect(rewriteTarget('/konto-bestaetigen/abc_DEF-123')).toBe('/konto-bestaetigen');
    expect(rewriteTarget('/konto-bestaetigen/')).toBeUndefined();
    expect(rewriteTarget('/konto-bestaetigen')).toBeUndefined();
    expect(rewriteTarget('/konto-bestaetigenabc')).toBeUndefined();
  });
});
