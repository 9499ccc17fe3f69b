// @vitest-environment happy-dom
import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import BreakCalculator from '../../../src/components/islands/BreakCalculator.tsx';
import OffersList from '../../../src/components/islands/OffersList.tsx';
import SessionState from '../../../src/components/islands/SessionState.tsx';
import type { Product } from '../../../src/lib/schemas/locales.ts';
import { handleClicks } from '../../../src/scripts/shell/actions.ts';
import { $cartEntries, clearCart } from '../../../src/stores/cart.ts';
import { $session, setLoggedIn, setLoggedOut } from '../../../src/stores/session.ts';
import { $ui, closeAddedToCart } from '../../../src/stores/ui.ts';

const restoreBackup: Product = {
  id: 'restore-backup',
  name: 'Backup wiederherstellen',
  features: ['Wiederherstellung eines Backups Ihrer Anwendung', 'Einmalige Gebühr'],
  price: '20,00 €',
  priceValue: 2000,
  priceUnit: 'once',
  button: 'In den Warenkorb',
  link: '/checkout?produkt=restore-backup',
};

function answer(body: unknown, status = 200) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

beforeAll(() => {
  useTestStorageEngine();
  // The offers' buttons are plain markup; the page shell's click handling puts the product in the cart.
  handleClicks();
});

beforeEach(() => {
  cleanTestStorage();
  $cartEntries.listen(() => {});
  clearCart();
  closeAddedToCart();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OffersList', () => {
  it('shows the prerendered offer and puts it into the cart with the price in cents', async () => {
    vi.stubGlobal('fetch', answer({ products: [restoreBackup] }));
    render(<OffersList initialProducts={[restoreBackup]} />);
    const card = screen.getByRole('heading', { name: 'Backup wiederherstellen' }).closest('li')!;
    expect(within(card).getByText('20,00 €')).toBeTruthy();
    expect(within(card).getByText('einmalig')).toBeTruthy();
    // Amount, unit and VAT note read as one price (the kit's PriceTag), worked out from the cents.
    const price = within(card).getByText('20,00 €').closest('p')!;
    expect(price.textContent).toBe('20,00\u00a0€ einmalig inkl. 19\u00a0% USt.');
    fireEvent.click(within(card).getByRole('button', { name: 'In den Warenkorb: Backup wiederherstellen' }));
    expect(JSON.parse(getTestStorage()['cart']!)).toEqual([{ id: 'restore-backup', quantity: 1 }]);
    expect($ui.get()).toMatchObject({
      showAddToCartModal: true,
      lastAddedProduct: { name: 'Backup wiederherstellen', quantity: 1 },
    });
    await act(async () => {});
  });

  it('shows the empty state when the language file has no products', async () => {
    const fetchMock = answer({ products: [] });
    vi.stubGlobal('fetch', fetchMock);
    render(<OffersList initialProducts={[restoreBackup]} />);
    expect(await screen.findByText('Keine Angebote gefunden')).toBeTruthy();
    expect(screen.getByText('Momentan sind keine Produkte verfügbar. Bitte schauen Sie später wieder vorbei.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/locales/de-products.json', expect.anything());
  });

  it('keeps the prerendered offers when loading fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = answer({ error: 'weg' }, 500);
    vi.stubGlobal('fetch', fetchMock);
    render(<OffersList initialProducts={[restoreBackup]} />);
    await act(async () => {});
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Backup wiederherstellen' })).toBeTruthy();
    expect(console.warn).toHaveBeenCalled();
  });
});

describe('SessionState', () => {
  it('shows the status and the user fields of $session', () => {
    render(<SessionState />);
    expect(screen.getByTestId('session-status').textContent).toBe($session.get().status);
    act(() => setLoggedIn({ userId: 'u-42', displayName: 'Erika Muster', userType: 'agent', email: 'erika@example.test', emailVerified: true }));
    expect(screen.getByTestId('session-status').textContent).toBe('loggedIn');
    expect(screen.getByText('Erika Muster')).toBeTruthy();
    expect(screen.getByText('u-42')).toBeTruthy();
    expect(screen.getByText('agent')).toBeTruthy();
    act(() => setLoggedOut());
    expect(screen.getByTestId('session-status').textContent).toBe('loggedOut');
    expect(screen.getByRole('status').textContent).toBe('Sie sind nicht angemeldet.');
  });
});

describe('BreakCalculator', () => {
  it('words the break and the overtime hint for the entered working time', () => {
    render(<BreakCalculator />);
    const work = screen.getByRole('group', { name: 'Arbeitszeit ohne Pausen' });
    const set = (hours: string, minutes: string) => {
      fireEvent.change(within(work).getByLabelText('Stunden'), { target: { value: hours } });
      fireEvent.change(within(work).getByLabelText('Minuten'), { target: { value: minutes } });
    };
    set('5', '59');
    expect(screen.getByTestId('break-result').textContent).toBe('Bei 5:59 Std. Arbeitszeit ist keine Pause vorgeschrieben.');
    set('9', '1');
    expect(screen.getByTestId('break-result').textContent).toBe('Bei 9:01 Std. Arbeitszeit sind mindestens 45 Minuten Pause einzuplanen.');
    expect(screen.getByTestId('overtime-hint').textContent).toContain('1:01 Std. über der Sollarbeitszeit von 8:00 Std.');
    expect(screen.getByText('17:46 Uhr')).toBeTruthy();
  });
});
