import { env } from '../env.ts';

/**
 * The origin for absolute links the server sends away (mails, sign-in redirects): the configured
 * site address (SITE_URL, Netlify's URL, the local server's; in a preview the preview's own
 * address its build recorded), never the request's. The Host header is the sender's to choose, so
 * a link built from it could carry a reset token to a stranger's server: not even a preview, whose
 * mails reach only the function log, takes it (decision 0041). The one source of that origin.
 */
export function publicOrigin(): string {
  return env().siteOrigin;
}
