/**
 * The public origin the static pages and the compiled legal texts are built for: SITE_URL if an
 * operator sets one, else Netlify's URL (the production address, on deploy previews too), else
 * the local server. Astro's `site` (canonical links) and the Widerrufsbelehrung's address of the
 * online withdrawal form both come from here, so they never disagree.
 */
export function buildOrigin(environment: Readonly<Record<string, string | undefined>> = process.env): string {
  return new URL(environment.SITE_URL ?? environment.URL ?? 'http://127.0.0.1:4321').origin;
}
