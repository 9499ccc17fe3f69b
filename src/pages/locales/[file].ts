import type { APIRoute, GetStaticPaths } from 'astro';
import * as v from 'valibot';
import { prices } from '../../data/prices.ts';
import { productsLocale, type OfferLanguage } from '../../lib/prices/offers.ts';
import { localeFiles, ProductsLocaleSchema, type LocaleFileName } from '../../lib/schemas/locales.ts';

// Bundled at build time; the JSON files stay the single source for editors.
const sources = import.meta.glob<unknown>('/locales/*.json', { eager: true, import: 'default' });

/** The product files are built from the price source, not kept in locales/ (SPEC §7 shape). */
const productFiles: Readonly<Record<string, OfferLanguage>> = { 'de-products.json': 'de', 'en-products.json': 'en' };

/**
 * Validates a locale file against its schema. A broken file fails the build with the file
 * and the field path, instead of reaching visitors.
 */
function validated(name: string, schema: v.GenericSchema, source: unknown): unknown {
  if (source === undefined) throw new Error(`locales/${name} fehlt.`);
  const result = v.safeParse(schema, source);
  if (!result.success) {
    const details = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(Wurzel)'}: ${issue.message}`).join('; ');
    throw new Error(`locales/${name} ist ungültig – ${details}`);
  }
  return result.output;
}

function content(file: string): unknown {
  const lang = productFiles[file];
  if (lang) return validated(file, ProductsLocaleSchema, productsLocale(prices, lang));
  return validated(file, localeFiles[file as LocaleFileName], sources[`/locales/${file}`]);
}

export const getStaticPaths = (() =>
  [...Object.keys(localeFiles), ...Object.keys(productFiles)].map((file) => ({ params: { file } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(content(params.file!)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
