import * as v from 'valibot';
import { PRICE_UNITS } from './locales.ts';

/**
 * src/data/price-list.json: only the prices that are not catalogue products. Every gross product
 * price lives in locales/de-products.json and nowhere else (docs/decisions/0009); this file holds
 * the two prices SPEC §9 quotes net ("zzgl. USt.") from the innovation text.
 */
const text = v.pipe(v.string(), v.trim(), v.nonEmpty());

export const NetPriceSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'IDs bestehen aus a-z, 0-9 und Bindestrichen.')),
  name: text,
  description: text,
  /** The net price in integer cents, e.g. 8000 for 80,00 € zzgl. USt. */
  netValue: v.pipe(v.number(), v.integer(), v.minValue(0)),
  priceUnit: v.picklist(PRICE_UNITS),
});

export const PriceListDataSchema = v.object({
  netPrices: v.pipe(
    v.array(NetPriceSchema),
    v.check((items) => new Set(items.map((i) => i.id)).size === items.length, 'IDs der Preisliste müssen eindeutig sein.'),
  ),
});

export type NetPrice = v.InferOutput<typeof NetPriceSchema>;
export type PriceListData = v.InferOutput<typeof PriceListDataSchema>;
