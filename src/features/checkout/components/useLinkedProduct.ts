import { useEffect } from 'react';
import { addLinkedProduct } from '../../../stores/priced-cart.ts';

/** Adds the product of a link to the checkout (?produkt=…) to the cart, once. */
export function useLinkedProduct(): void {
  useEffect(() => {
    // The product link's parameter is dropped once used, so a reload does not add it again.
    const url = new URL(window.location.href);
    const id = url.searchParams.get('produkt');
    if (id === null) return;
    addLinkedProduct(id);
    url.searchParams.delete('produkt');
    window.history.replaceState(null, '', url);
  }, []);
}
