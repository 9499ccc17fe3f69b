import { buildCatalogue, type Catalogue } from '../lib/catalogue.ts';
import { configuratorPrices, type ConfiguratorPrices } from '../lib/configurator/prices.ts';
import { prices } from './prices.ts';

/**
 * The German shop catalogue and the configurator's prices, both from the price source. The cart
 * dialog, the checkout and the configurator bundle them; POST /api/orders and /api/inquiry import
 * the same module, so both sides price from one source.
 */
export const catalogue: Catalogue = buildCatalogue(prices);

export const configurator: ConfiguratorPrices = configuratorPrices(prices);
