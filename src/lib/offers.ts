import type { PriceUnit, Product } from './schemas/locales.ts';

/**
 * Pure helpers for showing catalogue products (locales/{lang}-products.json) on the about page,
 * the product catalogue and the web-application page. Prices are never re-typed in pages: the
 * display text `price` and the cents in `priceValue` both come from the product data.
 */

/** How the price unit reads after the price ('95,20 € pro Stunde'). */
export const PRICE_UNIT_LABEL: Readonly<Record<PriceUnit, string>> = {
  hour: 'pro Stunde',
  month: 'pro Monat',
  once: 'einmalig',
};

/** What the cart stores for a product: the gross price in integer cents, no image yet. */
export function toCartProduct(product: Pick<Product, 'id' | 'name' | 'priceValue'>): {
  id: string;
  name: string;
  price: number;
  image: string;
} {
  return { id: product.id, name: product.name, price: product.priceValue, image: '' };
}

export function productById(products: readonly Product[], id: string): Product {
  const product = products.find((candidate) => candidate.id === id);
  // A page that names a product the data no longer has must fail the build, not render a gap.
  if (!product) throw new Error(`Produkt „${id}“ fehlt in den Produktdaten.`);
  return product;
}

export interface WebappPackage {
  /** The fragment of its more-info link, e.g. '4206' for '/webapp#4206'. */
  anchor: string;
  product: Product;
}

const WEBAPP_LINK = /^\/webapp#([\w-]+)$/;

/**
 * The web-application packages in data order: every product whose more-info link points into
 * /webapp. The anchor of each section on /webapp is taken from that link, so a package added
 * to the data gets its section and its link target together.
 */
export function webappPackages(products: readonly Product[]): WebappPackage[] {
  return products.flatMap((product) => {
    const anchor = WEBAPP_LINK.exec(product.moreInfoLink ?? '')?.[1];
    return anchor ? [{ anchor, product }] : [];
  });
}

export interface CatalogueGroup {
  id: string;
  title: string;
  description: string;
  products: Product[];
}

/**
 * Groups of the product catalogue; a product belongs to the first group whose rule matches, the
 * last group takes the rest, so a new product always appears somewhere.
 */
const GROUP_RULES: readonly (Omit<CatalogueGroup, 'products'> & { matches: (product: Product) => boolean })[] = [
  {
    id: 'webapp-pakete',
    title: 'Webapp-Pakete zur Miete',
    description: 'Fertige Webanwendungen mit Hosting, Domains und Wartung zum monatlichen Festpreis.',
    matches: (product) => WEBAPP_LINK.test(product.moreInfoLink ?? ''),
  },
  {
    id: 'anwendungen',
    title: 'Anwendungen zur Miete',
    description: 'Einsatzbereite Fachanwendungen, die wir für Sie betreiben.',
    matches: (product) => product.id.endsWith('-rental'),
  },
  {
    id: 'entwicklung',
    title: 'Entwicklung und Service nach Aufwand',
    description: 'Abgerechnet wird die tatsächlich geleistete Zeit.',
    matches: (product) => product.priceUnit === 'hour',
  },
  {
    id: 'zusatzleistungen',
    title: 'Zusatzleistungen',
    description: 'Ergänzungen zu einem gebuchten Paket.',
    matches: () => true,
  },
];

/** The catalogue grouped for display; empty groups are left out. */
export function catalogueGroups(products: readonly Product[]): CatalogueGroup[] {
  const groups = GROUP_RULES.map(({ matches: _matches, ...group }) => ({ ...group, products: [] as Product[] }));
  for (const product of products) {
    const index = GROUP_RULES.findIndex((rule) => rule.matches(product));
    groups[index]!.products.push(product);
  }
  return groups.filter((group) => group.products.length > 0);
}
