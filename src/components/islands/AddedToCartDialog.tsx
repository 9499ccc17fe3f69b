import { useStore } from '@nanostores/react';
import { $ui, closeAddedToCart, openCart } from '../../stores/ui.ts';
import { buttonClass } from '../ui/classes.ts';
import { Dialog } from '../ui/Dialog.tsx';

/** The 'added to cart' confirmation (SPEC §2, §4): product name and quantity, close, or on to the cart. */
export default function AddedToCartDialog() {
  const { showAddToCartModal, lastAddedProduct } = useStore($ui);
  if (!lastAddedProduct) return null;
  return (
    <Dialog
      open={showAddToCartModal}
      title="Zum Warenkorb hinzugefügt"
      onClose={closeAddedToCart}
      footer={
        <>
          <button
            type="button"
            onClick={closeAddedToCart}
            className={buttonClass({ variant: 'secondary' })}
          >
            Schließen
          </button>
          <button
            type="button"
            onClick={() => {
              closeAddedToCart();
              openCart();
            }}
            className={buttonClass()}
          >
            Zum Warenkorb
          </button>
        </>
      }
    >
      <p>
        <span className="font-semibold text-slate-900 dark:text-white">{lastAddedProduct.name}</span> liegt jetzt in Ihrem Warenkorb.
      </p>
      <p className="mt-1">Menge: {lastAddedProduct.quantity}</p>
    </Dialog>
  );
}
