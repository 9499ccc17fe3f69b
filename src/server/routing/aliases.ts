/**
 * Path aliases of SPEC §2, defined once: each alias answers with a permanent redirect to
 * the canonical German path. The build writes them to dist/_redirects for Netlify; the
 * local server and the dev server read the same table.
 */
export const pathAliases: Readonly<Record<string, string>> = {
  '/about': '/ueber-uns',
  '/timetracking': '/zeiterfassung',
  '/configurator': '/auftragskonfigurator',
  '/webapp-demo': '/webapp',
  '/portals': '/online-portale',
  '/demo': '/demo-anfordern',
  '/terms': '/agb',
  '/revocation-form': '/online-widerrufsformular',
  '/cancel-contracts': '/vertraege-kuendigen',
  '/data-processing-agreement': '/av-vertrag',
  '/privacy': '/datenschutz',
  '/fallbeispieldemo': '/fallbeispiele',
};

/** The canonical target of an alias path (tolerating a trailing slash), or undefined. */
export function aliasTarget(pathname: string): string | undefined {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return pathAliases[path];
}

/**
 * Pages whose last path segment is data for their island (a token from a mail): every
 * such path is answered with the one static page (a Netlify 200 rewrite), which reads the
 * token from the address. Keys are Netlify splat patterns.
 */
export const pathRewrites: Readonly<Record<string, string>> = {
  '/reset-password/*': '/reset-password',
  '/konto-bestaetigen/*': '/konto-bestaetigen',
};

/** The static page that answers a path below a rewrite pattern, or undefined. */
export function rewriteTarget(pathname: string): string | undefined {
  for (const [pattern, target] of Object.entries(pathRewrites)) {
    const prefix = pattern.slice(0, -1);
    if (pathname.startsWith(prefix) && pathname.length > prefix.length) return target;
  }
  return undefined;
}
