import * as v from 'valibot';
import { decodeStoredList } from '../stored-list.ts';

/**
 * The most of one item a cart and an order may hold. Here, with the cart, and not in the order
 * schema: the cart runs on every page, and the order schema brings the checkout's VAT-ID check.
 */
export const MAX_QUANTITY = 999;

/**
 * What the cart keeps in local storage under the key `cart`: ids and quantities only (SPEC §3, §7).
 * A quantity above what one order may hold (edited storage) is capped there: the cart still
 * prices it in exact cents instead of failing on a number beyond Number.MAX_SAFE_INTEGER.
 */
export const StoredCartEntrySchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.transform((quantity) => Math.min(quantity, MAX_QUANTITY))),
});

export type StoredCartEntry = v.InferOutput<typeof StoredCartEntrySchema>;

/**
 * Reads the stored cart. A missing value, invalid JSON or anything but a list gives an empty
 * cart (SPEC §7); entries that are not {id, quantity} are dropped instead of failing the rest.
 */
export function decodeStoredCart(raw: string | null | undefined): StoredCartEntry[] {
  return decodeStoredList(raw, StoredCartEntrySchema);
}
