import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { prices } from '../../../src/data/prices.ts';
import { footerLinks, visibleGroups } from '../../../src/lib/footer.ts';
import { offerEntries, productsLocale } from '../../../src/lib/prices/offers.ts';
import { loadPriceSource } from '../../../src/lib/prices/source.ts';
import { localeFiles, ProductsLocaleSchema, type LocaleFileName } from '../../../src/lib/schemas/locales.ts';
import { withEdit } from './price-source-fixtures.ts';

const read = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../locales/${name}`, import.meta.url), 'utf8'));

/** /locales/{de,en}-products.json are built from the price source (src/pages/locales/[file].ts). */
const de = productsLocale(prices, 'de');
const en = productsLocale(prices, 'en');

describe('locale files kept in locales/', () => {
  for (const name of Object.keys(localeFiles) as LocaleFileName[]) {
    it(`${name} satisfies its schema`, () => {
      const result = v.safeParse(localeFiles[name], read(name));
      expect(result.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`)).toBeUndefined();
    });
  }

  it('no longer keeps the product files: they come from the price source', () => {
    expect(Object.keys(localeFiles)).not.toContain('de-products.json');
    expect(Object.keys(localeFiles)).not.toContain('en-products.json');
  });

  it('has exactly one active accommodation-booking template and at least one inactive template', () => {
    const prompts = v.parse(localeFiles['de-prompts.json'], read('de-prompts.json'));
    expect(prompts.filter((p) => p.isActive && p.name === 'Unterkunftsbuchung')).toHaveLength(1);
    expect(prompts.some((p) => !p.isActive)).toBe(true);
  });
});

describe('the product files built from the price source', () => {
  it.each([
    ['de', de],
    ['en', en],
  ] as const)('%s-products.json satisfies its schema (SPEC §3 shape)', (_lang, locale) => {
    const result = v.safeParse(ProductsLocaleSchema, locale);
    expect(result.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`)).toBeUndefined();
  });

  it('lists every offer of the source once, in display order, the same ids in both languages', () => {
    expect(de.products.map((p) => p.id)).toEqual(offerEntries(prices).map((entry) => entry.id));
    expect(en.products.map((p) => p.id)).toEqual(de.products.map((p) => p.id));
  });

  it('products carry the prices of SPEC §9 in gross cents, the same in both languages', () => {
    const cents = Object.fromEntries(de.products.map((p) => [p.id, [p.priceValue, p.priceUnit]]));
    expect(cents).toEqual({
      'software-development': [9520, 'hour'],
      'webapp-basis-1m': [9520, 'month'],
      'webapp-basis-6m': [9000, 'month'],
      'webapp-business-6m': [21300, 'month'],
      'webapp-basis-reseller-6m': [20468, 'month'],
      'webapp-business-reseller-6m': [53550, 'month'],
      'webapp-business-plus-6m': [76755, 'month'],
      'backend-development': [9520, 'hour'],
      'remote-hands': [9520, 'hour'],
      'restore-backup': [2000, 'once'],
      'extra-storage-50gb': [1200, 'month'],
      'onsite-hosting-surcharge': [10500, 'month'],
      'timetracking-rental': [8925, 'month'],
      // The innovation text: customisation at 80 € and the click dummy at 90 € per month plus VAT.
      anpassung: [9520, 'hour'],
      'click-dummy': [10710, 'month'],
      // The configurator's support rate, 75 € plus VAT, sold by time spent.
      'support-hour': [8925, 'hour'],
    });
    expect(en.products.map((p) => [p.id, p.priceValue, p.priceUnit])).toEqual(de.products.map((p) => [p.id, p.priceValue, p.priceUnit]));
    const display = Object.fromEntries(de.products.map((p) => [p.id, p.price]));
    expect(display['webapp-business-plus-6m']).toBe('767,55\u00a0€');
    expect(display['timetracking-rental']).toBe('89,25\u00a0€');
    const english = Object.fromEntries(en.products.map((p) => [p.id, p.price]));
    expect(english['webapp-business-plus-6m']).toBe('€767.55');
    expect(english['timetracking-rental']).toBe('€89.25');
  });

  it('each price is its cents formatted in the language of the file', () => {
    const euroDe = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
    const euroEn = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });
    for (const product of de.products) expect(product.price.replace(/^ab /u, ''), product.id).toBe(euroDe.format(product.priceValue / 100));
    for (const product of en.products) expect(product.price.replace(/^from /u, ''), product.id).toBe(euroEn.format(product.priceValue / 100));
  });

  it('a contract states its term and its payment in advance as the last feature, hours what happens to those not used, in both languages', () => {
    const lastFeature = (locale: typeof de, id: string) => locale.products.find((p) => p.id === id)!.features.at(-1);
    expect(lastFeature(de, 'webapp-basis-6m')).toBe('Mindestlaufzeit 6 Monate, 540,00\u00a0€ je 6 Monate im Voraus');
    expect(lastFeature(de, 'webapp-business-6m')).toBe('Mindestlaufzeit 6 Monate, 1.278,00\u00a0€ je 6 Monate im Voraus');
    expect(lastFeature(de, 'webapp-business-plus-6m')).toBe('Mindestlaufzeit 6 Monate, 4.605,30\u00a0€ je 6 Monate im Voraus');
    expect(lastFeature(en, 'webapp-basis-6m')).toBe('Minimum term 6 months, €540.00 per 6 months in advance');
    expect(lastFeature(de, 'webapp-basis-1m')).toBe('Mindestlaufzeit 1 Monat, 95,20\u00a0€ monatlich im Voraus');
    expect(lastFeature(de, 'software-development')).toBe('Nicht genutzte Stunden verfallen nicht; auf Wunsch erstatten wir sie');
    expect(lastFeature(en, 'software-development')).toBe('Unused hours never expire; we refund them on request');
    // The dropped SPEC total of 492,66 € per 6 months appears nowhere.
    expect(JSON.stringify(de)).not.toContain('492,66');
  });

  it('the six webapp packages link to their anchors on /webapp, every product to its checkout', () => {
    const anchors = de.products.filter((p) => p.id.startsWith('webapp-')).map((p) => p.moreInfoLink);
    expect(anchors).toEqual(['/webapp#4201', '/webapp#4206', '/webapp#4306', '/webapp#43306', '/webapp#44306', '/webapp#4406']);
    for (const product of [...de.products, ...en.products]) expect(product.link).toBe(`/checkout?produkt=${product.id}`);
  });

  it('refuses to build an offer with a yearly price: the product files know hours, months and one-off prices only', () => {
    const offer = { button: 'In den Warenkorb', en: { name: '.de domain', features: [], button: 'Add to cart' } };
    const source = loadPriceSource(withEdit('domain-de', 'offer', offer));
    expect(() => productsLocale(source, 'de')).toThrow(/domain-de: Angebote mit Jahrespreis/u);
  });

  it('rejects broken data', () => {
    const first = de.products[0]!;
    expect(v.safeParse(ProductsLocaleSchema, { products: [first, first] }).success).toBe(false);
    expect(v.safeParse(ProductsLocaleSchema, { products: [{ ...first, priceValue: -1 }] }).success).toBe(false);
    expect(v.safeParse(ProductsLocaleSchema, { products: [{ ...first, priceValue: 95.2 }] }).success).toBe(false);
    expect(v.safeParse(ProductsLocaleSchema, { products: [{ ...first, priceUnit: 'year' }] }).success).toBe(false);
    const { name: _name, ...withoutName } = first;
    expect(v.safeParse(ProductsLocaleSchema, { products: [withoutName] }).success).toBe(false);
    expect(v.safeParse(localeFiles['de-footer.json'], { footer: { links: [{ group: 'A', items: [{ text: 'x', url: '/x' }] }] } }).success).toBe(false);
    const script = v.safeParse(ProductsLocaleSchema, { products: [{ ...first, link: 'javascript:alert(1)' }] });
    expect(script.issues?.[0]?.message).toBe('Links müssen mit /, # oder https:// beginnen.');
    expect(v.safeParse(ProductsLocaleSchema, { products: [{ ...first, moreInfoLink: '//fremd.example' }] }).success).toBe(false);
    const negative = v.safeParse(ProductsLocaleSchema, { products: [{ ...first, priceValue: -5 }] });
    expect(negative.issues?.[0]?.message).toBe('Preis darf nicht negativ sein.');
    const prompts = v.parse(localeFiles['de-prompts.json'], read('de-prompts.json'));
    expect(v.safeParse(localeFiles['de-prompts.json'], [prompts[0], prompts[0]]).success).toBe(false);
    expect(v.safeParse(localeFiles['de-prompts.json'], [{ ...prompts[0], clickDummy: '  ' }]).success).toBe(false);
  });
});

describe('footer groups', () => {
  it('hides inactive items and groups left empty', () => {
    const groups = [
      { group: 'A', items: [{ text: 'an', url: '/a', active: true }, { text: 'aus', url: '/b', active: false }] },
      { group: 'B', items: [{ text: 'aus', url: '/c', active: false }] },
    ];
    expect(visibleGroups(groups)).toEqual([{ group: 'A', items: [{ text: 'an', url: '/a', active: true }] }]);
  });
});

describe('footerLinks', () => {
  const group = (active: boolean) => ({ group: 'A', items: [{ text: 'an', url: '/a', active }] });

  it('gives the visible columns of a valid file', () => {
    expect(footerLinks({ footer: { links: [group(true)] } })).toEqual({ status: 'ready', groups: [group(true)] });
  });

  it('says failed for a missing or malformed file and empty when no link is active', () => {
    expect(footerLinks(undefined)).toEqual({ status: 'failed' });
    expect(footerLinks({ footer: { links: 'kaputt' } })).toEqual({ status: 'failed' });
    expect(footerLinks({ footer: { links: [] } })).toEqual({ status: 'empty' });
    expect(footerLinks({ footer: { links: [group(false)] } })).toEqual({ status: 'empty' });
  });
});
