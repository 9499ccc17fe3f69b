import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { catalogueGroups, PRICE_UNIT_LABEL, productById, toCartProduct, webappPackages } from '../../../src/lib/offers.ts';
import { ProductsLocaleSchema, type Product } from '../../../src/lib/schemas/locales.ts';

const products = v.parse(
  ProductsLocaleSchema,
  JSON.parse(readFileSync(new URL('../../../locales/de-products.json', import.meta.url), 'utf8')) as unknown,
).products;

const product = (overrides: Partial<Product>): Product => ({
  id: 'x',
  name: 'X',
  features: [],
  price: '1,00 €',
  priceValue: 100,
  priceUnit: 'once',
  button: 'In den Warenkorb',
  link: '/checkout?produkt=x',
  ...overrides,
});

describe('offers', () => {
  it('puts the gross price in cents into the cart', () => {
    expect(toCartProduct(productById(products, 'webapp-basis-6m'))).toEqual({
      id: 'webapp-basis-6m',
      name: 'Webapp Basis (6 Monate)',
      price: 9000,
      image: '',
    });
  });

  it('names the price units in German', () => {
    expect(PRICE_UNIT_LABEL).toEqual({ hour: 'pro Stunde', month: 'pro Monat', once: 'einmalig' });
  });

  it('fails loudly for a product the data does not have', () => {
    expect(() => productById(products, 'gibt-es-nicht')).toThrow('gibt-es-nicht');
  });

  it('takes the /webapp anchors of the packages from their more-info links, in data order', () => {
    expect(webappPackages(products).map(({ anchor, product }) => [anchor, product.id])).toEqual([
      ['4201', 'webapp-basis-1m'],
      ['4206', 'webapp-basis-6m'],
      ['4306', 'webapp-business-6m'],
      ['43306', 'webapp-basis-reseller-6m'],
      ['44306', 'webapp-business-reseller-6m'],
      ['4406', 'webapp-business-plus-6m'],
    ]);
  });

  it('groups every product of the catalogue exactly once', () => {
    const groups = catalogueGroups(products);
    expect(groups.map((group) => [group.id, group.products.map((p) => p.id)])).toEqual([
      ['webapp-pakete', webappPackages(products).map((p) => p.product.id)],
      ['anwendungen', ['timetracking-rental']],
      ['entwicklung', ['software-development', 'backend-development', 'remote-hands']],
      ['zusatzleistungen', ['restore-backup', 'extra-storage-50gb', 'onsite-hosting-surcharge']],
    ]);
  });

  it('leaves out empty groups and files unknown products under Zusatzleistungen', () => {
    expect(catalogueGroups([])).toEqual([]);
    expect(catalogueGroups([product({ id: 'neu' })]).map((group) => group.id)).toEqual(['zusatzleistungen']);
  });
});
