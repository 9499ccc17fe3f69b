import { env } from '../env.ts';

/**
 * The origin for absolute links the server sends away (mails, sign-in redirects): the configured
 * site address (SITE_URL, Netlify's URL, the local server's), never the request's. The Host
 * header is the sender's to choose, so a link built from it could carry a reset token to a
 * stranger's server. Only a preview, which is told no address of its own and mails nobody but
 * the function log, links back to the address it was asked under (decision 0041).
 */
export function publicOrigin(requestUrl: URL): string {
  return env().siteOrigin ?? requestUrl.origin;
}
