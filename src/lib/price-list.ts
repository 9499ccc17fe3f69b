import { formatEuro, netToGross, VAT_RATE } from './money.ts';
import { catalogueGroups, webappPackages } from './offers.ts';
import type { NetPrice } from './schemas/price-list.ts';
import type { PriceUnit, Product } from './schemas/locales.ts';

/**
 * The view model of /preisliste, built from the catalogue products (every gross price) and the
 * net-priced extras of src/data/price-list.json. Nothing here holds a number of its own, so the
 * price list cannot disagree with the shop (docs/decisions/0009).
 */

export interface PriceListRow {
  id: string;
  name: string;
  /** What the row includes beyond what its section states once for all rows. */
  details: string[];
  grossCents: number;
  unit: PriceUnit;
  /** The product is offered "ab …": the price is a starting price. */
  startingPrice: boolean;
  moreInfoLink?: string;
}

export interface PriceListSection {
  id: string;
  title: string;
  description: string;
  /** Features every row of the section shares, stated once above its table. */
  included: string[];
  rows: PriceListRow[];
}

export interface NetPriceRow extends NetPrice {
  grossValue: number;
}

export interface PriceList {
  sections: PriceListSection[];
  netPrices: NetPriceRow[];
  vatRate: number;
}

const STARTING_PRICE = /^ab\s+/i;

/** The display text's amount normalised for comparison: Intl writes a no-break space before '€'. */
const normalise = (text: string): string => text.replace(STARTING_PRICE, '').replace(/\s+/gu, ' ').trim();

/**
 * Fails when a product's display text and its cents say different things: the price list shows
 * the cents, the offer cards show the text, and a visitor must read the same price on both.
 */
export function assertDisplayPriceMatches(product: Pick<Product, 'id' | 'price' | 'priceValue'>): void {
  if (normalise(product.price) !== normalise(formatEuro(product.priceValue))) {
    throw new Error(
      `Produkt „${product.id}“: Anzeigepreis „${product.price}“ passt nicht zu priceValue ${product.priceValue} (${formatEuro(product.priceValue)}).`,
    );
  }
}

/** The features all given products share, in the order of the first one. */
export function sharedFeatures(products: readonly Pick<Product, 'features'>[]): string[] {
  const [first, ...rest] = products;
  if (!first) return [];
  return first.features.filter((feature) => rest.every((product) => product.features.includes(feature)));
}

function toRow(product: Product, hidden: readonly string[]): PriceListRow {
  assertDisplayPriceMatches(product);
  return {
    id: product.id,
    name: product.name,
    details: product.features.filter((feature) => !hidden.includes(feature)),
    grossCents: product.priceValue,
    unit: product.priceUnit,
    startingPrice: STARTING_PRICE.test(product.price),
    ...(product.moreInfoLink ? { moreInfoLink: product.moreInfoLink } : {}),
  };
}

export function buildPriceList(products: readonly Product[], netPrices: readonly NetPrice[], vatRate: number = VAT_RATE): PriceList {
  // What every web-application package includes (50 GB, 15 domains, 99 %, demo) is read from the
  // packages themselves, so a changed package feature changes the sentence above the table too.
  const packageIds = new Set(webappPackages(products).map(({ product }) => product.id));
  const sections = catalogueGroups(products).map((group) => {
    const isPackages = group.products.every((product) => packageIds.has(product.id));
    const included = isPackages && group.products.length > 1 ? sharedFeatures(group.products) : [];
    return {
      id: group.id,
      title: group.title,
      description: group.description,
      included,
      rows: group.products.map((product) => toRow(product, included)),
    };
  });
  return {
    sections,
    netPrices: netPrices.map((item) => ({ ...item, grossValue: netToGross(item.netValue, vatRate) })),
    vatRate,
  };
}
