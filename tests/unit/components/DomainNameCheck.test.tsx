// @vitest-environment happy-dom
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import DomainNameCheck from '../../../src/components/islands/DomainNameCheck.tsx';
import { $cartEntries, clearCart } from '../../../src/stores/cart.ts';
import { $ui, closeAddedToCart } from '../../../src/stores/ui.ts';

beforeAll(() => useTestStorageEngine());

beforeEach(() => {
  cleanTestStorage();
  $cartEntries.listen(() => {});
  clearCart();
  closeAddedToCart();
});

afterEach(cleanup);

describe('DomainNameCheck', () => {
  it('starts silent and judges the name as the visitor types', () => {
    render(<DomainNameCheck tld="de" />);
    const input = screen.getByRole('textbox', { name: 'Wunschname vor „.de“' });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect(input.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(input, { target: { value: 'mein_laden' } });
    expect(status.textContent).toBe('Unterstriche sind nicht erlaubt. Verwenden Sie stattdessen einen Bindestrich.');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: 'Bäckerei-Schmitz' } });
    expect(status.textContent).toContain('„bäckerei-schmitz.de“ ist als Domainname zulässig');
    expect(input.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(input, { target: { value: '  ' } });
    expect(status.textContent).toBe('');
  });

  it('ties hint and verdict to the input for screen readers', () => {
    render(<DomainNameCheck tld="eu" />);
    const input = screen.getByRole('textbox', { name: 'Wunschname vor „.eu“' });
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
    expect(described.map((element) => element?.textContent)).toEqual(['Nur den Namen ohne Endung, zum Beispiel „müller-bau“.', '']);
  });

  it('offers an admissible name for the cart with one click, and no button for an inadmissible one', () => {
    render(<DomainNameCheck tld="de" />);
    const input = screen.getByRole('textbox', { name: 'Wunschname vor „.de“' });
    fireEvent.change(input, { target: { value: 'mein_laden' } });
    expect(screen.queryByRole('button')).toBeNull();

    fireEvent.change(input, { target: { value: 'Müller-Bau' } });
    const button = screen.getByRole('button', { name: /müller-bau\.de.* in den Warenkorb$/ });
    // The kit's Button: never a submit, and enabled at once – the check and the cart live in the browser.
    expect(button.getAttribute('type')).toBe('button');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    fireEvent.click(button);
    expect($cartEntries.get()).toEqual([{ id: 'domain-de:müller-bau', quantity: 1 }]);
    expect($ui.get()).toMatchObject({ showAddToCartModal: true, lastAddedProduct: { quantity: 1 } });
  });
});
