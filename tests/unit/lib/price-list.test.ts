import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { formatEuro } from '../../../src/lib/money.ts';
import { assertDisplayPriceMatches, buildPriceList, sharedFeatures } from '../../../src/lib/price-list.ts';
import { ProductsLocaleSchema, type PriceUnit } from '../../../src/lib/schemas/locales.ts';
import { PriceListDataSchema } from '../../../src/lib/schemas/price-list.ts';

const read = (path: string): string => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const productsText = read('locales/de-products.json');
const priceListText = read('src/data/price-list.json');
const products = v.parse(ProductsLocaleSchema, JSON.parse(productsText)).products;
const netPrices = v.parse(PriceListDataSchema, JSON.parse(priceListText)).netPrices;
const priceList = buildPriceList(products, netPrices);

/** Intl writes a no-break space before '€'; compare texts with plain spaces. */
const plain = (text: string): string => text.replace(/\s+/gu, ' ');
const occurrences = (haystack: string, needle: string): number => haystack.split(needle).length - 1;

/**
 * SPEC §9 "Prices", row by row: the id that carries the price, gross or net cents, unit.
 * The 13 gross prices are catalogue products; the two net prices come from the innovation text.
 */
const SPEC_PRICES: readonly { id: string; cents: number; unit: PriceUnit; basis: 'gross' | 'net' }[] = [
  { id: 'software-development', cents: 9520, unit: 'hour', basis: 'gross' },
  { id: 'webapp-basis-1m', cents: 9520, unit: 'month', basis: 'gross' },
  { id: 'webapp-basis-6m', cents: 9000, unit: 'month', basis: 'gross' },
  { id: 'webapp-business-6m', cents: 21300, unit: 'month', basis: 'gross' },
  { id: 'webapp-basis-reseller-6m', cents: 20468, unit: 'month', basis: 'gross' },
  { id: 'webapp-business-reseller-6m', cents: 53550, unit: 'month', basis: 'gross' },
  { id: 'webapp-business-plus-6m', cents: 76755, unit: 'month', basis: 'gross' },
  { id: 'backend-development', cents: 9520, unit: 'hour', basis: 'gross' },
  { id: 'remote-hands', cents: 9520, unit: 'hour', basis: 'gross' },
  { id: 'restore-backup', cents: 2000, unit: 'once', basis: 'gross' },
  { id: 'extra-storage-50gb', cents: 1200, unit: 'month', basis: 'gross' },
  { id: 'onsite-hosting-surcharge', cents: 10500, unit: 'month', basis: 'gross' },
  { id: 'timetracking-rental', cents: 8925, unit: 'month', basis: 'gross' },
  { id: 'anpassung', cents: 8000, unit: 'hour', basis: 'net' },
  { id: 'click-dummy', cents: 9000, unit: 'month', basis: 'net' },
];

/** SPEC §9 totals per 6 months, as the product that states them writes them. */
const SPEC_TERM_TOTALS = {
  'webapp-basis-6m': '492,66 €',
  'webapp-business-6m': '1.278,00 €',
  'webapp-business-plus-6m': '4.605,30 €',
} as const;

describe('one source for every price of SPEC §9', () => {
  // The single source is the union of the two files: gross prices in the products, net prices in
  // the price-list data. Each SPEC row must be found there exactly once, and nothing else.
  const source = [
    ...products.map((p) => ({ id: p.id, cents: p.priceValue, unit: p.priceUnit, basis: 'gross' as const })),
    ...netPrices.map((n) => ({ id: n.id, cents: n.netValue, unit: n.priceUnit, basis: 'net' as const })),
  ];

  it.each(SPEC_PRICES)('$id: $cents cents ($basis) per $unit, exactly once', (row) => {
    expect(source.filter((entry) => entry.id === row.id)).toEqual([row]);
  });

  it('holds no price that SPEC §9 does not list', () => {
    expect(source.map((entry) => entry.id).sort()).toEqual(SPEC_PRICES.map((row) => row.id).sort());
  });

  it('states each 6-month total once, in the product it belongs to, and nowhere in the price-list data', () => {
    for (const [id, total] of Object.entries(SPEC_TERM_TOTALS)) {
      expect(occurrences(productsText, total), total).toBe(1);
      expect(products.find((p) => p.id === id)!.features.join(' ')).toContain(total);
      expect(priceListText).not.toContain(total.replace(' €', ''));
    }
  });

  it('the price-list data repeats no product price', () => {
    for (const product of products) expect(priceListText).not.toContain(plain(formatEuro(product.priceValue)).replace(' €', ''));
  });

  it('the page types no amount of its own', () => {
    // Amounts reach /preisliste only through formatEuro from the data, never as literals.
    expect(read('src/pages/preisliste.astro')).not.toMatch(/\d,\d\d|\d+\s?€/u);
  });
});

describe('the price list agrees with the product data', () => {
  const rows = priceList.sections.flatMap((section) => section.rows);

  it('shows every product exactly once with its gross cents and unit', () => {
    expect(rows.map((row) => row.id).sort()).toEqual(products.map((p) => p.id).sort());
    for (const product of products) {
      const row = rows.find((candidate) => candidate.id === product.id)!;
      expect(row).toMatchObject({ name: product.name, grossCents: product.priceValue, unit: product.priceUnit });
      // What the offer cards print and what the price list prints are the same amount.
      expect(plain(product.price)).toContain(plain(formatEuro(row.grossCents)));
    }
  });

  it('marks only the time-tracking rental as a starting price ("ab")', () => {
    expect(rows.filter((row) => row.startingPrice).map((row) => row.id)).toEqual(['timetracking-rental']);
  });

  it('states once what every webapp package includes (SPEC §9) and keeps the rest per package', () => {
    const packages = priceList.sections.find((section) => section.id === 'webapp-pakete')!;
    expect(packages.included).toEqual(['50 GB Speicherplatz', 'bis zu 15 Domains', '99 % Verfügbarkeit', 'kostenlose Demo bis zu 3 Monate']);
    expect(packages.rows).toHaveLength(6);
    for (const row of packages.rows) expect(row.details.some((detail) => packages.included.includes(detail))).toBe(false);
    for (const [id, total] of Object.entries(SPEC_TERM_TOTALS)) {
      expect(packages.rows.find((row) => row.id === id)!.details.join(' ')).toContain(total);
    }
    for (const section of priceList.sections.filter((s) => s.id !== 'webapp-pakete')) expect(section.included).toEqual([]);
  });

  it('quotes customisation at 80 € and the click dummy at 90 € plus VAT, with the gross amounts', () => {
    expect(priceList.vatRate).toBe(0.19);
    expect(priceList.netPrices.map((n) => [n.id, n.netValue, n.grossValue, n.priceUnit])).toEqual([
      ['anpassung', 8000, 9520, 'hour'],
      ['click-dummy', 9000, 10710, 'month'],
    ]);
  });

  it('fails the build when a display price and its cents disagree', () => {
    expect(() => assertDisplayPriceMatches({ id: 'x', price: '95,20 €', priceValue: 9520 })).not.toThrow();
    expect(() => assertDisplayPriceMatches({ id: 'x', price: 'ab 89,25 €', priceValue: 8925 })).not.toThrow();
    expect(() => assertDisplayPriceMatches({ id: 'x', price: '95,20 €', priceValue: 9500 })).toThrow(/„x“/u);
    const broken = products.map((p) => (p.id === 'remote-hands' ? { ...p, priceValue: 9519 } : p));
    expect(() => buildPriceList(broken, netPrices)).toThrow(/remote-hands/u);
  });

  it('finds shared features in the order of the first product', () => {
    expect(sharedFeatures([{ features: ['a', 'b', 'c'] }, { features: ['c', 'a'] }])).toEqual(['a', 'c']);
    expect(sharedFeatures([])).toEqual([]);
  });
});

describe('src/data/price-list.json', () => {
  it('rejects broken entries', () => {
    const first = netPrices[0]!;
    expect(v.safeParse(PriceListDataSchema, { netPrices: [first, first] }).success).toBe(false);
    expect(v.safeParse(PriceListDataSchema, { netPrices: [{ ...first, netValue: 80.5 }] }).success).toBe(false);
    expect(v.safeParse(PriceListDataSchema, { netPrices: [{ ...first, priceUnit: 'year' }] }).success).toBe(false);
  });
});
