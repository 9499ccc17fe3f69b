import { describe, expect, it } from 'vitest';
import { flowCookie, newFlow, readFlow, safeReturnTo, stateMatches } from '../../../src/server/auth/google-flow.ts';
import { pkceChallenge } from '../../../src/server/auth/oidc.ts';

const secret = 'x'.repeat(40);

function cookieValue(header: string): string {
  // A Secure cookie is named __Host-google_sign_in (decision 0039).
  return decodeURIComponent(header.split(';')[0]!.replace(/^(__Host-)?google_sign_in=/, ''));
}

describe('return address after a Google sign-in', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeReturnTo('/login-test')).toBe('/login-test');
    expect(safeReturnTo('/preisliste?paket=pro#hosting')).toBe('/preisliste?paket=pro#hosting');
    expect(safeReturnTo('/a/../settings')).toBe('/settings');
  });

  it('sends everything a browser could read as another host to the start page', () => {
    for (const attempt of [
      null,
      '',
      'login-test',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '/.//evil.example',
      '/%2F/evil.example/..',
      'https://evil.example',
      'javascript:alert(1)',
      '/\tevil',
      '/x\n//evil.example',
      '/' + 'a'.repeat(1000),
    ]) {
      const result = safeReturnTo(attempt);
      expect(result === '/' || (result.startsWith('/') && !result.startsWith('//')), String(attempt)).toBe(true);
      expect(new URL(result, 'https://site.example').origin).toBe('https://site.example');
    }
    expect(safeReturnTo('//evil.example')).toBe('/');
    expect(safeReturnTo('/.//evil.example')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
  });
});

describe('flow cookie', () => {
  it('round-trips only with our secret and within ten minutes', () => {
    const start = new Date('2026-11-23T10:00:00Z');
    const flow = newFlow('/login-test', start);
    const value = cookieValue(flowCookie(secret, flow, true));
    expect(readFlow(secret, value, new Date('2026-11-23T10:09:59Z'))).toEqual(flow);
    expect(readFlow(secret, value, new Date('2026-11-23T10:10:00Z'))).toBeNull();
    expect(readFlow('y'.repeat(40), value, start)).toBeNull();
    expect(readFlow(secret, undefined, start)).toBeNull();
    expect(readFlow(secret, value.slice(0, -2), start)).toBeNull();
    expect(flowCookie(secret, flow, true)).toContain('Secure');
  });

  it('draws fresh random values and compares the state exactly', () => {
    const a = newFlow('/');
    const b = newFlow('/');
    expect(new Set([a.state, a.nonce, a.codeVerifier, b.state, b.nonce, b.codeVerifier]).size).toBe(6);
    expect(stateMatches(a, a.state)).toBe(true);
    expect(stateMatches(a, b.state)).toBe(false);
    expect(stateMatches(a, undefined)).toBe(false);
  });

  it('derives the PKCE challenge as RFC 7636 appendix B shows', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});
