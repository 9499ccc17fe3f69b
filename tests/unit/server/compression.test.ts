import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressed, negotiateEncoding } from '../../../src/server/local/compression.ts';

describe('compression of the local server', () => {
  it('prefers brotli, falls back to gzip, and leaves binary files and refusals alone', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd', 'text/html; charset=utf-8')).toBe('br');
    expect(negotiateEncoding('gzip', 'text/javascript; charset=utf-8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip', 'application/json; charset=utf-8')).toBe('gzip');
    expect(negotiateEncoding('gzip, br', 'image/png')).toBeUndefined();
    expect(negotiateEncoding(undefined, 'text/html')).toBeUndefined();
  });

  it('compresses losslessly', () => {
    const body = Buffer.from('<p>Hallo Welt</p>'.repeat(100));
    expect(gunzipSync(compressed('/a.html', body, 'gzip')).equals(body)).toBe(true);
    expect(brotliDecompressSync(compressed('/a.html', body, 'br')).equals(body)).toBe(true);
  });
});
