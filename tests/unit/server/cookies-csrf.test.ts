import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie } from '../../../src/server/http/cookies.ts';
import { assertSameSite, issueCsrfToken, verifyCsrfToken } from '../../../src/server/http/csrf.ts';
import { HttpError } from '../../../src/server/http/errors.ts';

const secret = 'a-test-secret-that-is-long-enough-000000';

describe('cookies', () => {
  it('parses, decodes, keeps the first of duplicates and skips malformed escapes', () => {
    const cookies = parseCookies('a=1; b=x%20y; a=2; bad=%E0%A4%A; =nameless', false);
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('b')).toBe('x y');
    expect(cookies.has('bad')).toBe(false);
    expect(cookies.size).toBe(2);
  });

  it('serializes with the flags asked for', () => {
    expect(serializeCookie('s', 'v w', { httpOnly: true, secure: true, maxAgeSeconds: 60 })).toBe(
      '__Host-s=v%20w; Path=/; SameSite=Lax; Max-Age=60; HttpOnly; Secure',
    );
    expect(serializeCookie('c', 'v', { httpOnly: false, secure: false })).toBe('c=v; Path=/; SameSite=Lax');
  });
});

describe('CSRF token', () => {
  it('verifies for the visitor it was issued to only', () => {
    const token = issueCsrfToken(secret, 'visitor-a');
    expect(verifyCsrfToken(secret, 'visitor-a', token)).toBe(true);
    expect(verifyCsrfToken(secret, 'visitor-b', token)).toBe(false);
    expect(verifyCsrfToken('another-secret-that-is-long-enough-000', 'visitor-a', token)).toBe(false);
  });

  it('rejects tampered and malformed tokens', () => {
    const token = issueCsrfToken(secret, 'v');
    const [nonce, mac] = token.split('.') as [string, string];
    expect(verifyCsrfToken(secret, 'v', `${nonce}x.${mac}`)).toBe(false);
    expect(verifyCsrfToken(secret, 'v', mac)).toBe(false);
    expect(verifyCsrfToken(secret, 'v', '')).toBe(false);
  });

  it('issues a fresh token every time', () => {
    expect(issueCsrfToken(secret, 'v')).not.toBe(issueCsrfToken(secret, 'v'));
  });
});

describe('same-site check', () => {
  const request = (headers: Record<string, string>) =>
    new Request('https://shop.example/api/x', { method: 'POST', headers });
  const status = (headers: Record<string, string>) => {
    try {
      assertSameSite(request(headers));
      return 200;
    } catch (error) {
      return error instanceof HttpError ? error.status : 500;
    }
  };

  it('accepts same-origin browsers', () => {
    expect(status({ 'sec-fetch-site': 'same-origin', origin: 'https://shop.example' })).toBe(200);
    expect(status({ origin: 'https://shop.example' })).toBe(200);
    expect(status({ 'sec-fetch-site': 'same-site' })).toBe(200);
  });

  it('refuses cross-site, foreign origins and requests without either header', () => {
    expect(status({ 'sec-fetch-site': 'cross-site', origin: 'https://shop.example' })).toBe(403);
    expect(status({ origin: 'https://evil.example' })).toBe(403);
    expect(status({ 'sec-fetch-site': 'none' })).toBe(403);
    expect(status({})).toBe(403);
  });
});
