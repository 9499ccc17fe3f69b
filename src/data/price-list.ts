import { buildPriceList, type PriceListSection } from '../lib/price-list.ts';
import { prices } from './prices.ts';

/** The German price list for /preisliste, built at build time from the price source. */
export const germanPriceList: readonly PriceListSection[] = buildPriceList(prices);
