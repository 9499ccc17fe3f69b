import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Netlify's CDN compresses text answers; the local server does the same, so pages weigh the same
 * on both hosts (and Lighthouse measures what visitors get). Compressed bodies are cached per
 * file: dist/ does not change while the server runs.
 */
export type Encoding = 'br' | 'gzip';

const compressible = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;
const cache = new Map<string, Buffer>();

/** The encoding to answer with, from the request's Accept-Encoding (brotli preferred). */
export function negotiateEncoding(acceptEncoding: string | undefined, contentType: string): Encoding | undefined {
  if (!acceptEncoding || !compressible.test(contentType)) return undefined;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q?.trim() !== 'q=0')
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

export function compressed(file: string, body: Buffer, encoding: Encoding): Buffer {
  const key = `${encoding}:${file}`;
  let result = cache.get(key);
  if (!result) {
    result =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(body, { level: 9 });
    cache.set(key, result);
  }
  return result;
}
