import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
  '.vcf': 'text/vcard; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The file Netlify would serve for a path of a `build.format: 'file'` site:
 * `/x` → x.html (pretty URLs), `/x/` → x/index.html, assets as they are.
 * Paths escaping the directory resolve to nothing.
 */
export async function resolveStaticFile(rootDir: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = normalize(join(rootDir, decoded));
  if (base !== rootDir && !base.startsWith(rootDir + sep)) return undefined;
  const candidates = decoded.endsWith('/')
    ? [join(base, 'index.html'), base.replace(/[\\/]+$/, '') + '.html']
    : [base, `${base}.html`, join(base, 'index.html')];
  for (const candidate of candidates) {
    // The build's own control files are configuration, not content.
    if (/[\\/]_(headers|redirects)$/.test(candidate)) continue;
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
}

export function readStatic(file: string): Promise<Buffer> {
  return readFile(file);
}
