import * as v from 'valibot';

/**
 * Shapes of the locale data files in `locales/` (SPEC §3, §7). The build validates every
 * file against these schemas, and the browser parses what it fetches with the same ones.
 */

const text = v.pipe(v.string('Text erwartet.'), v.trim(), v.nonEmpty('Darf nicht leer sein.'));

/** Links in locale data end up in href attributes: only site paths, anchors and https. */
const href = v.pipe(
  v.string('Link erwartet.'),
  v.trim(),
  v.regex(/^(\/(?!\/)|#|https:\/\/)/, 'Links müssen mit /, # oder https:// beginnen.'),
);

const FooterLinkSchema = v.object({
  text,
  url: href,
  active: v.boolean('active muss true oder false sein.'),
});

const FooterLinkGroupSchema = v.object({
  group: text,
  items: v.array(FooterLinkSchema),
});

/** `/locales/{lang}-footer.json`: the "footer.links" structure. */
export const FooterLocaleSchema = v.object({
  footer: v.object({
    links: v.array(FooterLinkGroupSchema),
  }),
});

export type FooterLinkGroup = v.InferOutput<typeof FooterLinkGroupSchema>;

/** A click-dummy prompt template (SPEC §3); the client offers only active ones. */
const PromptTemplateSchema = v.object({
  name: text,
  description: text,
  /** The full prompt a visitor takes over. */
  clickDummy: text,
  isActive: v.boolean('isActive muss true oder false sein.'),
});

/** `/locales/de-prompts.json`: a list of templates; names are unique (the click dummy matches by them). */
export const PromptTemplatesSchema = v.pipe(
  v.array(PromptTemplateSchema),
  v.check((templates) => new Set(templates.map((t) => t.name)).size === templates.length, 'Vorlagennamen müssen eindeutig sein.'),
);

/** SPEC §3: a catalogue product is priced per hour, per month or once. */
const PRODUCT_PRICE_UNITS = ['hour', 'month', 'once'] as const;

/** A catalogue product (SPEC §3). */
const ProductSchema = v.object({
  id: v.pipe(v.string('ID erwartet.'), v.regex(/^[a-z0-9-]+$/, 'Produkt-IDs bestehen aus a-z, 0-9 und Bindestrichen.')),
  name: text,
  features: v.array(text),
  /** The price as shown, e.g. '95,20 €'. */
  price: text,
  /** The gross price in integer cents (money is never a float), e.g. 9520 for 95,20 €. */
  priceValue: v.pipe(
    v.number('Preis in Cent erwartet.'),
    v.integer('Preis in ganzen Cent angeben.'),
    v.minValue(0, 'Preis darf nicht negativ sein.'),
  ),
  priceUnit: v.picklist(PRODUCT_PRICE_UNITS, 'Einheit muss hour, month oder once sein.'),
  /** Label of the add-to-cart button. */
  button: text,
  /** Where the product's cart link leads. */
  link: href,
  moreInfoLink: v.optional(href),
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
export type ProductsLocale = v.InferOutput<typeof ProductsLocaleSchema>;

/**
 * Every locale file kept in locales/ and served at /locales/<name>, with the schema it must
 * satisfy. The product files /locales/{de,en}-products.json are built from the price source
 * instead (src/lib/prices/offers.ts).
 */
export const localeFiles = {
  'de-footer.json': FooterLocaleSchema,
  'en-footer.json': FooterLocaleSchema,
  'de-prompts.json': PromptTemplatesSchema,
} as const satisfies Record<string, v.GenericSchema>;

export type LocaleFileName = keyof typeof localeFiles;
