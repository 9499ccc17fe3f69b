import { addItem, type CartProduct } from '../../stores/cart.ts';
import { showAddedToCart } from '../../stores/ui.ts';

interface AddToCartButtonProps {
  product: CartProduct;
  /** Visible label from the product data ('In den Warenkorb'). */
  label: string;
  className?: string;
}

export const addToCartButtonClass =
  'inline-flex items-center justify-center rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700';

/**
 * Puts one unit of a product into the cart and raises the 'added to cart' confirmation
 * (SPEC §4). The product name follows the visible label for screen readers, so the many
 * 'In den Warenkorb' buttons of a page stay distinguishable (WCAG 2.4.6, 2.5.3).
 */
export default function AddToCartButton({ product, label, className = addToCartButtonClass }: AddToCartButtonProps) {
  return (
    <button
      type="button"
      className={className}
      // Starts with the visible label (label in name); an sr-only span would add a space in Chromium.
      aria-label={`${label}: ${product.name}`}
      onClick={() => {
        addItem(product, 1);
        showAddedToCart({ ...product, quantity: 1 });
      }}
    >
      {label}
    </button>
  );
}
