import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathAliases, pathRewrites } from '../routing/aliases.ts';
import { pageSecurityHeaders } from '../http/security-headers.ts';
import { inlineScriptHashes, renderHeadersFile, renderRedirectsFile } from './netlify-files.ts';

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/**
 * After `astro build`: writes dist/_headers (security headers with a CSP that allows exactly
 * the inline scripts Astro emitted) and dist/_redirects (the path aliases and the token-page rewrites).
 */
export async function writeNetlifyFiles(distDir: string): Promise<{ scriptHashes: number }> {
  const hashes = new Set<string>();
  for (const file of await htmlFiles(distDir)) {
    for (const hash of inlineScriptHashes(await readFile(file, 'utf8'))) hashes.add(hash);
  }
  const headers = renderHeadersFile([
    { path: '/*', headers: pageSecurityHeaders([...hashes].sort()) },
    // Astro fingerprints everything under /_astro/: it can be cached forever.
    { path: '/_astro/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
  ]);
  const redirects = renderRedirectsFile([
    ...Object.entries(pathAliases).map(([from, to]) => ({ from, to, status: 301 })),
    ...Object.entries(pathRewrites).map(([from, to]) => ({ from, to, status: 200 })),
  ]);
  await writeFile(join(distDir, '_headers'), headers);
  await writeFile(join(distDir, '_redirects'), redirects);
  return { scriptHashes: hashes.size };
}
