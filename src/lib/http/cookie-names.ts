/**
 * Cookie names on https carry the `__Host-` prefix (issue 21, decision 0039): browsers then accept
 * the cookie only from this exact host, with Secure and Path=/ and no Domain, so neither a sibling
 * subdomain nor a plain-http page can plant or overwrite a session, CSRF, visitor or hint cookie.
 * Plain-http localhost (the e2e run, `npm start`) cannot use the prefix and keeps the bare names.
 * Shared by the server (which sets and reads them) and the page (which reads the readable ones).
 */
export const HOST_PREFIX = '__Host-';

export function cookieName(name: string, secure: boolean): string {
  return secure ? HOST_PREFIX + name : name;
}
