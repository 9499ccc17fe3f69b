import { cookieName, HOST_PREFIX } from '../../lib/http/cookie-names.ts';

/**
 * The request's cookies by their bare names. On https only `__Host-` cookies count (the prefix is
 * stripped): a bare `session` there was planted by a subdomain or a plain-http page, not by us.
 */
export function parseCookies(header: string | null, secure: boolean): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const sent = part.slice(0, eq).trim();
    if (secure !== sent.startsWith(HOST_PREFIX)) continue;
    const name = secure ? sent.slice(HOST_PREFIX.length) : sent;
    const raw = part.slice(eq + 1).trim();
    if (!name || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      // A malformed percent-escape: ignore that cookie, never fail the request for it.
    }
  }
  return cookies;
}

export interface CookieOptions {
  httpOnly: boolean;
  /** Secure on https; omitted on plain-http localhost where browsers would drop it. */
  secure: boolean;
  maxAgeSeconds?: number;
  sameSite?: 'Lax' | 'Strict';
}

/** A Set-Cookie value; on https the name gets the `__Host-` prefix (Path=/, Secure, no Domain). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${cookieName(name, options.secure)}=${encodeURIComponent(value)}`, 'Path=/', `SameSite=${options.sameSite ?? 'Lax'}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
