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

const text = v.pipe(v.string(), v.trim(), v.nonEmpty());

/** A click-dummy prompt template (SPEC §3); the client offers only active ones. */
export const PromptTemplateSchema = v.object({
  name: text,
  description: text,
  /** The full prompt a visitor takes over. */
  clickDummy: text,
  isActive: v.boolean(),
});

/** `/locales/de-prompts.json`: a list of templates. */
export const PromptTemplatesSchema = v.array(PromptTemplateSchema);

export const PRICE_UNITS = ['hour', 'month', 'once'] as const;

/** A catalogue product (SPEC §3). */
export const ProductSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'Produkt-IDs bestehen aus a-z, 0-9 und Bindestrichen.')),
  name: text,
  features: v.array(text),
  /** The price as shown, e.g. '95,20 €'. */
  price: text,
  /** The gross price in integer cents (money is never a float), e.g. 9520 for 95,20 €. */
  priceValue: v.pipe(v.number(), v.integer(), v.minValue(0)),
  priceUnit: v.picklist(PRICE_UNITS),
  /** Label of the add-to-cart button. */
  button: text,
  /** Where the product's cart link leads. */
  link: text,
  moreInfoLink: v.optional(text),
});

/** `/locales/{lang}-products.json`: the offers of one language, ids unique. */
export const ProductsLocaleSchema = v.object({
  products: v.pipe(
    v.array(ProductSchema),
    v.check((products) => new Set(products.map((p) => p.id)).size === products.length, 'Produkt-IDs müssen eindeutig sein.'),
  ),
});

export type PromptTemplate = v.InferOutput<typeof PromptTemplateSchema>;
export type Product = v.InferOutput<typeof ProductSchema>;
export type PriceUnit = (typeof PRICE_UNITS)[number];

/** Every locale file the site serves at /locales/<name>, with the schema it must satisfy. */
export const localeFiles = {
  'de-footer.json': FooterLocaleSchema,
  'en-footer.json': FooterLocaleSchema,
  'de-prompts.json': PromptTemplatesSchema,
  'de-products.json': ProductsLocaleSchema,
  'en-products.json': ProductsLocaleSchema,
} as const satisfies Record<string, v.GenericSchema>;

export type LocaleFileName = keyof typeof localeFiles;
