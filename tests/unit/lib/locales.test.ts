import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { visibleGroups } from '../../../src/lib/footer.ts';
import { localeFiles, ProductsLocaleSchema, type LocaleFileName } from '../../../src/lib/schemas/locales.ts';

const read = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../locales/${name}`, import.meta.url), 'utf8'));

describe('locale files', () => {
  for (const name of Object.keys(localeFiles) as LocaleFileName[]) {
    it(`${name} satisfies its schema`, () => {
      const result = v.safeParse(localeFiles[name], read(name));
      expect(result.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`)).toBeUndefined();
    });
  }

  it('products carry the prices of SPEC §9 in cents, the same in both languages', () => {
    const de = v.parse(ProductsLocaleSchema, read('de-products.json')).products;
    const en = v.parse(ProductsLocaleSchema, read('en-products.json')).products;
    const cents = Object.fromEntries(de.map((p) => [p.id, [p.priceValue, p.priceUnit]]));
    expect(cents).toMatchObject({
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
    });
    expect(en.map((p) => [p.id, p.priceValue, p.priceUnit])).toEqual(de.map((p) => [p.id, p.priceValue, p.priceUnit]));
    const display = Object.fromEntries(de.map((p) => [p.id, p.price]));
    expect(display['webapp-business-plus-6m']).toBe('767,55 €');
    expect(display['timetracking-rental']).toBe('ab 89,25 €');
  });

  it('the six webapp packages link to their anchors on /webapp', () => {
    const de = v.parse(ProductsLocaleSchema, read('de-products.json')).products;
    const anchors = de.filter((p) => p.id.startsWith('webapp-')).map((p) => p.moreInfoLink);
    expect(anchors).toEqual(['/webapp#4201', '/webapp#4206', '/webapp#4306', '/webapp#43306', '/webapp#44306', '/webapp#4406']);
  });

  it('has exactly one active accommodation-booking template and at least one inactive template', () => {
    const prompts = v.parse(localeFiles['de-prompts.json'], read('de-prompts.json'));
    expect(prompts.filter((p) => p.isActive && p.name === 'Unterkunftsbuchung')).toHaveLength(1);
    expect(prompts.some((p) => !p.isActive)).toBe(true);
  });

  it('rejects broken data', () => {
    const valid = v.parse(ProductsLocaleSchema, read('de-products.json'));
    const first = valid.products[0]!;
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

  it('shows each price as its cents formatted in German', () => {
    const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
    for (const product of v.parse(ProductsLocaleSchema, read('de-products.json')).products) {
      const expected = euro.format(product.priceValue / 100).replace(/\u00a0/g, ' ');
      expect(product.price.replace(/^ab /, '').replace(/\u00a0/g, ' ')).toBe(expected);
    }
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
