import { env } from '../env.ts';

/**
 * The origin for absolute links the server sends away (mails, sign-in redirects). On Netlify
 * it is the configured site address, so a forged Host header can never redirect a link;
 * locally it is the address the request came in on.
 */
export function publicOrigin(requestUrl: URL): string {
  return env().siteOrigin ?? requestUrl.origin;
}
