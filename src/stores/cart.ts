import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { decodeStoredCart, type StoredCartEntry } from '../lib/schemas/cart.ts';

/**
 * The cart: product ids and quantities, nothing else (SPEC §3, decision 0049). Names and prices
 * come from the one catalogue (src/stores/priced-cart.ts), so the browser never holds a price of
 * its own; entries stored by earlier versions with more fields load as their id and quantity.
 */
export const $cartEntries = persistentAtom<StoredCartEntry[]>('cart', [], {
  encode: (entries) => JSON.stringify(entries),
  decode: decodeStoredCart,
});

export const $cartCount = computed($cartEntries, (entries) => entries.reduce((sum, entry) => sum + entry.quantity, 0));

/** Adds a product by its catalogue id; an item with the same id gets its quantity increased instead. */
export function addItem(id: string, quantity = 1): void {
  const entries = $cartEntries.get();
  const existing = entries.some((entry) => entry.id === id);
  $cartEntries.set(
    existing ? entries.map((entry) => (entry.id === id ? { ...entry, quantity: entry.quantity + quantity } : entry)) : [...entries, { id, quantity }],
  );
}

export function removeItem(id: string): void {
  $cartEntries.set($cartEntries.get().filter((entry) => entry.id !== id));
}

/** Sets the quantity of the item with this id; does nothing when there is none (SPEC §4). */
export function updateQuantity(id: string, quantity: number): void {
  const entries = $cartEntries.get();
  if (!entries.some((entry) => entry.id === id)) return;
  $cartEntries.set(entries.map((entry) => (entry.id === id ? { ...entry, quantity } : entry)));
}

export function clearCart(): void {
  $cartEntries.set([]);
}
