import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BUILD_CONTEXT_FILE, isPreviewContext, renderBuildContext, type BuildRecord } from '../deploy-context.ts';
import { pathAliases, pathRewrites } from '../routing/aliases.ts';
import { pageSecurityHeaders, previewHeaders } from '../http/security-headers.ts';
import { inlineScriptHashes, renderHeadersFile, renderRedirectsFile } from './netlify-files.ts';

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/**
 * The rule Astro puts in a `<style>` element before a page's first island. A `<style>` in the body
 * is invalid HTML (the Nu HTML Checker reports it on every page with an island), so the build
 * takes it out; src/styles/global.css carries the same rule in the page's stylesheet.
 */
export const ISLAND_STYLE_ELEMENT = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

export function withoutIslandStyle(html: string): string {
  return html.replaceAll(ISLAND_STYLE_ELEMENT, '');
}

/** Removes Astro's island `<style>` from every built page; returns how many pages had one. */
export async function removeIslandStyles(distDir: string): Promise<number> {
  let changed = 0;
  for (const file of await htmlFiles(distDir)) {
    const html = await readFile(file, 'utf8');
    const cleaned = withoutIslandStyle(html);
    if (cleaned === html) continue;
    await writeFile(file, cleaned);
    changed++;
  }
  return changed;
}

export interface BuildOptions {
  /** Netlify's CONTEXT of this build; undefined outside Netlify. */
  deployContext?: string | undefined;
}

/**
 * After `astro build`: writes dist/_headers (security headers with a CSP that allows exactly
 * the inline scripts Astro emitted, plus noindex for a preview build) and dist/_redirects (the
 * path aliases and the token-page rewrites).
 */
export async function writeNetlifyFiles(distDir: string, options: BuildOptions = {}): Promise<{ scriptHashes: number }> {
  const hashes = new Set<string>();
  for (const file of await htmlFiles(distDir)) {
    for (const hash of inlineScriptHashes(await readFile(file, 'utf8'))) hashes.add(hash);
  }
  const pageHeaders = pageSecurityHeaders([...hashes].sort());
  const headers = renderHeadersFile([
    { path: '/*', headers: isPreviewContext(options.deployContext) ? { ...pageHeaders, ...previewHeaders } : pageHeaders },
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

/**
 * Records the build's deploy context and the deploy's own address for the functions (netlify.toml
 * bundles the file with each), because Netlify passes CONTEXT and DEPLOY_PRIME_URL to the build
 * only; a preview's links name that address (decision 0041). Written on every build, so a bundle
 * never carries the record of an earlier one.
 */
export async function writeBuildContext(rootDir: string, record: BuildRecord): Promise<string> {
  const file = join(rootDir, BUILD_CONTEXT_FILE);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, renderBuildContext(record));
  return file;
}
