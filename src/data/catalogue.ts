import * as v from 'valibot';
import products from '../../locales/de-products.json' with { type: 'json' };
import { buildCatalogue, type Catalogue } from '../lib/catalogue.ts';
import { DomainsDataSchema } from '../lib/schemas/domains.ts';
import { ProductsLocaleSchema } from '../lib/schemas/locales.ts';
import { PriceListDataSchema } from '../lib/schemas/price-list.ts';
import domains from './domains.json' with { type: 'json' };
import priceList from './price-list.json' with { type: 'json' };

/**
 * The German shop catalogue from the same files the price list and the offer cards read. The
 * cart dialog and the checkout bundle it; POST /api/orders imports the same module, so both sides
 * price from one source. Import attributes: the functions run natively under Node in `npm start`.
 */
export const catalogue: Catalogue = buildCatalogue(
  v.parse(ProductsLocaleSchema, products).products,
  v.parse(PriceListDataSchema, priceList).netPrices,
  v.parse(DomainsDataSchema, domains),
);
