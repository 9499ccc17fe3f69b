import { computed } from 'nanostores';
import { catalogue } from '../data/catalogue.ts';
import { priceCart, type PricedCart } from '../lib/order.ts';
import { $cartEntries, addItem } from './cart.ts';

// Apart from cart.ts: the catalogue and the price rules load with the cart dialog and the
// checkout, not with the page shell that only counts the items (issue 22).
/**
 * The cart priced from the shop catalogue, as the dialogs and the checkout show it: names and
 * prices come back from the catalogue after a reload (the stored cart has only ids), an unknown
 * id is 'Unbekanntes Produkt' at 0 € and blocks the order, and the domain rule is checked here
 * with the same function POST /api/orders uses.
 */
export const $pricedCart = computed($cartEntries, (entries): PricedCart => priceCart(catalogue, entries));

/**
 * Each product's cart link is /checkout?produkt=<id> (SPEC §3): it puts a catalogue product into
 * the cart once, so opening the link again adds nothing; an id the catalogue does not know is ignored.
 */
export function addLinkedProduct(id: string): void {
  if (catalogue.get(id) && !$cartEntries.get().some((entry) => entry.id === id)) addItem(id, 1);
}
