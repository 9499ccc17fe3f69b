import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $cartCount, $cartEntries, addItem, clearCart, removeItem, updateQuantity } from '../../../src/stores/cart.ts';
import { $pricedCart, addLinkedProduct } from '../../../src/stores/priced-cart.ts';

// Catalogue ids (SPEC §9: 95,20 € per hour, 20,00 € once).
const developerHour = 'software-development';
const restoreBackup = 'restore-backup';

const stored = () => JSON.parse(getTestStorage()['cart'] ?? 'null') as unknown;

beforeAll(() => {
  useTestStorageEngine();
});

beforeEach(() => {
  cleanTestStorage();
  // Subscribing mounts the stores, which makes the persistent atom re-read the test storage.
  $cartEntries.listen(() => {});
  clearCart();
});

afterEach(() => {
  cleanStores($cartCount, $cartEntries, $pricedCart);
  cleanTestStorage();
});

describe('cart actions', () => {
  it('addItem adds a new product with the given quantity', () => {
    addItem(developerHour, 3);
    expect($cartEntries.get()).toEqual([{ id: developerHour, quantity: 3 }]);
    expect($cartCount.get()).toBe(3);
  });

  it('addItem increases the quantity of an item with the same id by the added quantity', () => {
    addItem(developerHour, 2);
    addItem(restoreBackup);
    addItem(developerHour, 5);
    expect($cartEntries.get()).toEqual([
      { id: 'software-development', quantity: 7 },
      { id: 'restore-backup', quantity: 1 },
    ]);
    expect($cartCount.get()).toBe(8);
  });

  it('removeItem removes by id and leaves the others', () => {
    addItem(developerHour);
    addItem(restoreBackup);
    removeItem('software-development');
    expect($cartEntries.get()).toEqual([{ id: restoreBackup, quantity: 1 }]);
  });

  it('updateQuantity sets the quantity and does nothing for an unknown id', () => {
    addItem(developerHour);
    updateQuantity('software-development', 4);
    updateQuantity('gibt-es-nicht', 9);
    expect($cartEntries.get()).toEqual([{ id: developerHour, quantity: 4 }]);
    expect(stored()).toEqual([{ id: 'software-development', quantity: 4 }]);
  });

  it('clearCart empties the cart and the storage entry', () => {
    addItem(developerHour);
    clearCart();
    expect($cartEntries.get()).toEqual([]);
    expect($cartCount.get()).toBe(0);
    expect(stored()).toEqual([]);
  });
});

describe('persisted shape', () => {
  it('stores only id and quantity after every action', () => {
    addItem(developerHour, 2);
    expect(stored()).toEqual([{ id: 'software-development', quantity: 2 }]);
    addItem(restoreBackup);
    expect(stored()).toEqual([
      { id: 'software-development', quantity: 2 },
      { id: 'restore-backup', quantity: 1 },
    ]);
  });

  it('restores a stored cart as ids and quantities', () => {
    cleanStores($cartCount, $cartEntries);
    setTestStorageKey('cart', JSON.stringify([{ id: 'webapp-basis-1m', quantity: 2 }]));
    $cartEntries.listen(() => {});
    expect($cartEntries.get()).toEqual([{ id: 'webapp-basis-1m', quantity: 2 }]);
    expect($cartCount.get()).toBe(2);
  });

  it('loads entries an earlier version stored with name, price and image as their id and quantity', () => {
    cleanStores($cartCount, $cartEntries);
    setTestStorageKey('cart', JSON.stringify([{ id: 'restore-backup', name: 'Backup wiederherstellen', price: 1, image: '/alt.svg', quantity: 2 }]));
    $cartEntries.listen(() => {});
    expect($cartEntries.get()).toEqual([{ id: 'restore-backup', quantity: 2 }]);
    expect($cartCount.get()).toBe(2);
  });

  it.each([
    ['not JSON', 'kein json'],
    ['JSON but not a list', '{"id":"webapp-basis-1m","quantity":1}'],
    ['null', 'null'],
    ['an empty string', ''],
  ])('falls back to an empty cart when the value is %s', (_label, raw) => {
    addItem(developerHour);
    setTestStorageKey('cart', raw);
    expect($cartEntries.get()).toEqual([]);
    expect($cartCount.get()).toBe(0);
  });

  it('falls back to an empty cart when the value is missing', () => {
    addItem(developerHour);
    setTestStorageKey('cart', undefined);
    expect($cartEntries.get()).toEqual([]);
  });

  it('drops list entries that are not {id, quantity} and keeps the valid ones', () => {
    setTestStorageKey(
      'cart',
      JSON.stringify([{ id: 'restore-backup', quantity: 1 }, { id: '', quantity: 1 }, { id: 'x', quantity: 'zwei' }, 'text', null]),
    );
    expect($cartEntries.get()).toEqual([{ id: 'restore-backup', quantity: 1 }]);
  });
});

describe('priced cart (names and prices from the catalogue)', () => {
  it('restores names and prices from the catalogue after a reload', () => {
    cleanStores($cartCount, $cartEntries, $pricedCart);
    setTestStorageKey('cart', JSON.stringify([{ id: 'webapp-basis-1m', quantity: 2 }, { id: 'domain-de:mein-büro', quantity: 1 }]));
    $pricedCart.listen(() => {});
    const { basis, lines, schedule, problems } = $pricedCart.get();
    // Before anyone says who orders, the cart shows the consumer's gross prices.
    expect(basis).toBe('gross');
    expect(lines.map(({ name, unitCents, quantity, paymentCents }) => ({ name, unitCents, quantity, paymentCents }))).toEqual([
      { name: 'Webapp Basis (1 Monat)', unitCents: 9520, quantity: 2, paymentCents: 2 * 9520 },
      { name: 'Domain mein-büro.de', unitCents: 1200, quantity: 1, paymentCents: 1200 },
    ]);
    expect(schedule.dueNow.grossCents).toBe(2 * 9520 + 1200);
    // Monthly and yearly amounts are never added into one figure after the first payment.
    expect(schedule.recurring.map(({ everyMonths, amount }) => [everyMonths, amount.grossCents])).toEqual([
      [1, 2 * 9520],
      [12, 1200],
    ]);
    expect(problems).toEqual({});
  });

  it('shows an unknown id as "Unbekanntes Produkt" at 0 € and flags a domain without application', () => {
    setTestStorageKey('cart', JSON.stringify([{ id: 'domain-de:mein-büro', quantity: 1 }, { id: 'alt-produkt', quantity: 1 }]));
    $pricedCart.listen(() => {});
    const { lines, problems } = $pricedCart.get();
    expect(lines[1]).toMatchObject({ name: 'Unbekanntes Produkt', unitCents: 0, paymentCents: 0 });
    expect(Object.keys(problems).sort()).toEqual(['items', 'items.1.id']);
  });

  it('prices a net-priced service with its gross price, as every product, from the catalogue', () => {
    $pricedCart.listen(() => {});
    addItem('click-dummy');
    addItem('webapp-basis-6m');
    expect($pricedCart.get().lines.map(({ name, unitCents }) => [name, unitCents])).toEqual([
      ['Click-Dummy: von der Idee zur Anwendung', 10710],
      ['Webapp Basis (6 Monate)', 9000],
    ]);
  });

  it('a product link adds a catalogue product once and ignores an unknown id', () => {
    addLinkedProduct('restore-backup');
    addLinkedProduct('restore-backup');
    addLinkedProduct('gibt-es-nicht');
    expect($cartEntries.get()).toEqual([{ id: 'restore-backup', quantity: 1 }]);
  });

  it('follows a change another tab writes to the storage (tab sync)', () => {
    $pricedCart.listen(() => {});
    addItem(developerHour);
    // What the storage event of another tab delivers: the new value under the same key.
    setTestStorageKey('cart', JSON.stringify([{ id: 'software-development', quantity: 5 }, { id: 'restore-backup', quantity: 1 }]));
    expect($cartCount.get()).toBe(6);
    expect($pricedCart.get().schedule.dueNow.grossCents).toBe(5 * 9520 + 2000);
    expect($pricedCart.get().schedule.recurring).toEqual([]);
    setTestStorageKey('cart', 'kaputt');
    expect($pricedCart.get().lines).toEqual([]);
  });
});
