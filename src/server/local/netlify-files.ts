import { createHash } from 'node:crypto';

/**
 * Netlify's `_headers` and `_redirects` files: written by the build from the one definition
 * of headers and aliases, and read back by the local server, so both hosts answer alike.
 */

export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

export function renderHeadersFile(rules: readonly HeaderRule[]): string {
  return rules
    .map((rule) => [rule.path, ...Object.entries(rule.headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n'))
    .join('\n\n')
    .concat('\n');
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = { path: line.trim(), headers: {} };
      rules.push(current);
      continue;
    }
    const colon = line.indexOf(':');
    if (current && colon > 0) current.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

export function renderRedirectsFile(rules: readonly RedirectRule[]): string {
  return rules.map((r) => `${r.from} ${r.to} ${r.status}`).join('\n').concat('\n');
}

export function parseRedirectsFile(text: string): RedirectRule[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [from = '', to = '', status = '301'] = line.split(/\s+/);
      return { from, to, status: Number.parseInt(status, 10) };
    });
}

/** Netlify path patterns as used here: exact paths and a trailing `/*` splat. */
export function pathMatches(pattern: string, pathname: string): boolean {
  if (pattern.endsWith('/*')) return pathname.startsWith(pattern.slice(0, -1)) || pathname === pattern.slice(0, -2);
  if (pattern === pathname) return true;
  return pathname.length > 1 && pathname.endsWith('/') && pattern === pathname.slice(0, -1);
}

/** SHA-256 (base64) of every inline script in the HTML, for the CSP's script-src. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    // Data blocks (JSON, JSON-LD) are never executed, so the CSP does not govern them.
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.push(createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return hashes;
}
