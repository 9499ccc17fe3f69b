import * as v from 'valibot';
import products from '../../../locales/de-products.json' with { type: 'json' };
import { ProductsLocaleSchema } from '../schemas/locales.ts';
import { hostingPlanPrices, type HostingPlanPrices } from './prices.ts';

/**
 * The plan prices of the German product data, for the island and POST /api/inquiry alike. The
 * shop catalogue reads the same file, so cart, estimate and stored inquiry use one price.
 */
function load(): HostingPlanPrices {
  const plans = hostingPlanPrices(v.parse(ProductsLocaleSchema, products).products);
  // The configurator cannot price hosting without both plans: fail the build, not the visitor.
  if (!plans) throw new Error('Die Produktdaten enthalten nicht beide Hosting-Pläne (webapp-basis-1m, webapp-basis-6m).');
  return plans;
}

export const hostingPlans: HostingPlanPrices = load();
