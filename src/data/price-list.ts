import * as v from 'valibot';
import { buildPriceList, type PriceList } from '../lib/price-list.ts';
import { PriceListDataSchema } from '../lib/schemas/price-list.ts';
import { germanProducts } from './offers.ts';
import data from './price-list.json';

/**
 * The German price list for /preisliste, assembled at build time from the validated product file
 * and the net-priced extras: a broken file or a display price that disagrees with its cents
 * fails the build instead of publishing a wrong price.
 */
export const germanPriceList: PriceList = buildPriceList(germanProducts, v.parse(PriceListDataSchema, data).netPrices);
