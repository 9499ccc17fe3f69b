import * as v from 'valibot';

/**
 * Shapes of the locale data files in `locales/` (SPEC §3, §7). The build validates every
 * file against these schemas, and the browser parses what it fetches with the same ones.
 */

export const FooterLinkSchema = v.object({
  text: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  url: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  active: v.boolean(),
});

export const FooterLinkGroupSchema = v.object({
  group: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  items: v.array(FooterLinkSchema),
});

/** `/locales/{lang}-footer.json`: the "footer.links" structure. */
export const FooterLocaleSchema = v.object({
  footer: v.object({
    links: v.array(FooterLinkGroupSchema),
  }),
});

export type FooterLink = v.InferOutput<typeof FooterLinkSchema>;
export type FooterLinkGroup = v.InferOutput<typeof FooterLinkGroupSchema>;
export type FooterLocale = v.InferOutput<typeof FooterLocaleSchema>;

/** Every locale file the site serves at /locales/<name>, with the schema it must satisfy. */
export const localeFiles = {
  'de-footer.json': FooterLocaleSchema,
  'en-footer.json': FooterLocaleSchema,
} as const satisfies Record<string, v.GenericSchema>;

export type LocaleFileName = keyof typeof localeFiles;
