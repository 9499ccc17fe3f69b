import { isPreviewContext } from '../deploy-context.ts';

/**
 * The public origin the static pages and the compiled legal texts are built for, the one the
 * functions link to as well (env.ts, decision 0041), so the Widerrufsbelehrung names the online
 * withdrawal form at the same address on the page, in the contract confirmation PDF and in mails:
 * in a deploy preview or branch deploy its own address (DEPLOY_PRIME_URL), which its functions use;
 * otherwise SITE_URL if an operator sets one, else Netlify's URL (the production address), else
 * the local server. Astro's `site` (canonical links) comes from here too.
 */
export function buildOrigin(environment: Readonly<Record<string, string | undefined>> = process.env): string {
  const previewAddress = isPreviewContext(environment.CONTEXT) ? environment.DEPLOY_PRIME_URL || undefined : undefined;
  return new URL(previewAddress ?? environment.SITE_URL ?? environment.URL ?? 'http://127.0.0.1:4321').origin;
}
