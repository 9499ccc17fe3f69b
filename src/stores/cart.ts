import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { decodeStoredCart, type StoredCartEntry } from '../lib/schemas/cart.ts';

/** A cart line as the dialogs show it. Price in integer cents. */
export interface CartItem {
  id: string;
  name: string;
  price: number;
  image: string;
  quantity: number;
}

export type CartProduct = Omit<CartItem, 'quantity'>;

/** Persisted part: only ids and quantities survive a reload (SPEC §3). */
export const $cartEntries = persistentAtom<StoredCartEntry[]>('cart', [], {
  encode: (entries) => JSON.stringify(entries),
  decode: decodeStoredCart,
});

/** Names, prices and images known in this page view; empty after a reload until fetched again. */
export const $cartDetails = atom<Record<string, CartProduct>>({});

export const $cart = computed([$cartEntries, $cartDetails], (entries, details): CartItem[] =>
  entries.map(({ id, quantity }) => ({ id, name: '', price: 0, image: '', ...details[id], quantity })),
);

export const $cartCount = computed($cartEntries, (entries) => entries.reduce((sum, entry) => sum + entry.quantity, 0));

/** Adds a product; an item with the same id gets its quantity increased instead. */
export function addItem(product: CartProduct, quantity = 1): void {
  $cartDetails.set({ ...$cartDetails.get(), [product.id]: product });
  const entries = $cartEntries.get();
  const existing = entries.find((entry) => entry.id === product.id);
  $cartEntries.set(
    existing
      ? entries.map((entry) => (entry.id === product.id ? { ...entry, quantity: entry.quantity + quantity } : entry))
      : [...entries, { id: product.id, quantity }],
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
