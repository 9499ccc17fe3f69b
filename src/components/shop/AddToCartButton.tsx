import { Button } from '../ui/Button.tsx';

interface AddToCartButtonProps {
  /** The catalogue id goes into the cart; the name is for the confirmation and screen readers. */
  product: { id: string; name: string };
  /** Visible label from the product data ('In den Warenkorb'). */
  label: string;
  /** Classes after the kit's primary button, e.g. a margin. */
  className?: string;
}

/**
 * Puts one unit of a product into the cart and raises the 'added to cart' confirmation
 * (SPEC §4). Markup only: the page shell (src/scripts/shell/actions.ts) handles the click, so the
 * button works as plain HTML in a static page, before and without any island, and inside islands
 * alike. The product name follows the visible label for screen readers, so the many
 * 'In den Warenkorb' buttons of a page stay distinguishable (WCAG 2.4.6, 2.5.3).
 *
 * It has no pending state: the cart lives in the browser (src/stores/cart.ts), so the product is
 * in it the moment the click is handled and nothing waits for a server.
 */
export default function AddToCartButton({ product, label, className }: AddToCartButtonProps) {
  return (
    <Button
      className={className}
      // Starts with the visible label (label in name); an sr-only span would add a space in Chromium.
      aria-label={`${label}: ${product.name}`}
      data-action="add-to-cart"
      data-part="added"
      data-product-id={product.id}
      data-product-name={product.name}
    >
      {label}
    </Button>
  );
}
