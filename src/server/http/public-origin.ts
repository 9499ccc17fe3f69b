import { env } from '../env.ts';

/**
 * The origin for absolute links the server sends away (mails, sign-in redirects): the configured
 * site address (env's siteOrigin), never the request's. The Host header is the sender's to
 * choose, so a link built from it could lead a reset token to a stranger's server.
 */
export function publicOrigin(): string {
  return env().siteOrigin;
}
