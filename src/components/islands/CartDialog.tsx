import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { paymentText } from '../../lib/prices/rhythm.ts';
import { paymentAmountText, unitPriceText } from '../../lib/prices/statement.ts';
import { MAX_QUANTITY } from '../../lib/schemas/cart.ts';
import { clearCart, removeItem, updateQuantity } from '../../stores/cart.ts';
import { $pricedCart } from '../../stores/priced-cart.ts';
import { $ui, closeCart } from '../../stores/ui.ts';
import { AmountsByRhythm } from '../shop/AmountsByRhythm.tsx';
import { buttonClass, field } from '../ui/classes.ts';
import { Dialog } from '../ui/Dialog.tsx';

const secondaryButton = buttonClass({ variant: 'secondary' });
const primaryButton = buttonClass();

interface CartLineQuantityProps {
  id: string;
  name: string;
  quantity: number;
  /** 1 for a domain name, otherwise the order limit. */
  max: number;
}

/**
 * The quantity field of a cart line (SPEC §5: minimum 1 in the dialog). What the visitor types
 * stays in the field while it is not a whole number from 1 to max, with a message; only valid
 * numbers reach the store, and leaving the field shows the stored quantity again.
 */
function CartLineQuantity({ id, name, quantity, max }: CartLineQuantityProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const limit = Math.min(max, MAX_QUANTITY);
  const value = draft ?? String(quantity);
  const parsed = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  const invalid = !(Number.isInteger(parsed) && parsed >= 1 && parsed <= limit);
  const inputId = `cart-quantity-${id}`;

  return (
    <div>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Menge<span className="sr-only"> für {name}</span>
      </label>
      <input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={1}
        max={limit}
        step={1}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          setDraft(next);
          const number = Number(next);
          if (/^\d+$/.test(next.trim()) && number >= 1 && number <= limit) updateQuantity(id, number);
        }}
        onBlur={() => setDraft(null)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${inputId}-error` : undefined}
        className={`mt-1 max-w-24 ${field.control}`}
      />
      {invalid && (
        <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {limit === 1 ? 'Die Menge ist hier immer 1.' : `Bitte eine ganze Zahl von 1 bis ${limit} eingeben.`}
        </p>
      )}
    </div>
  );
}

/**
 * The cart dialog (SPEC §2 "Cart dialog"): the items with quantity, remove and what each costs
 * and when, the amounts by billing rhythm (what is due now, then what recurs; never one sum of
 * different rhythms), clearing, and the way to /checkout. The header's cart button opens it.
 * Prices are the consumer's gross prices; a business switches to net prices at the checkout.
 * Problems that block an order (unknown product, domain without an application) are named here
 * already, and the checkout button is withheld until they are solved.
 */
export default function CartDialog() {
  const { showCartModal } = useStore($ui);
  const { lines, schedule, problems, basis } = useStore($pricedCart);
  const blocking = Object.values(problems);
  const empty = lines.length === 0;
  // Removing a line or clearing removes the focused button; the focus moves to what changed
  // (the total, or the empty notice), so it stays inside the dialog and Escape still works.
  const outcome = useRef<HTMLElement | null>(null);
  const afterChange = (action: () => void) => {
    action();
    requestAnimationFrame(() => outcome.current?.focus());
  };

  const footer = empty ? (
    <button type="button" onClick={closeCart} className={primaryButton}>
      Weiter einkaufen
    </button>
  ) : (
    <div className="flex w-full flex-wrap items-center justify-end gap-3">
      <button type="button" onClick={() => afterChange(clearCart)} className={`${secondaryButton} sm:mr-auto`}>
        Warenkorb leeren
      </button>
      <button type="button" onClick={closeCart} className={secondaryButton}>
        Weiter einkaufen
      </button>
      {blocking.length === 0 ? (
        <a href="/checkout" className={primaryButton}>
          Zur Kasse
        </a>
      ) : (
        <button type="button" disabled aria-describedby="cart-problems" className="cursor-not-allowed rounded-lg bg-slate-500 px-4 py-2 font-semibold text-white">
          Zur Kasse
        </button>
      )}
    </div>
  );

  return (
    <Dialog open={showCartModal} title="Warenkorb" onClose={closeCart} size="max-w-2xl" footer={footer}>
      {empty ? (
        <p ref={(node) => void (outcome.current = node)} tabIndex={-1}>
          Ihr Warenkorb ist leer.
        </p>
      ) : (
        <>
          {/* The dialog's body scrolls as a whole (list and amounts); its buttons stay below it in view. */}
          <ul aria-label="Artikel im Warenkorb" className="divide-y divide-slate-200 dark:divide-slate-700">
            {lines.map((line, index) => (
              <li key={line.id} className="flex flex-wrap items-end gap-4 py-4">
                <div className="min-w-48 flex-1">
                  <p className="font-semibold text-slate-900 dark:text-white">{line.name}</p>
                  {line.entry && (
                    <p className="text-sm">
                      {unitPriceText(line, basis, 'gross')} · {paymentText(line.rhythm, line.unit)}
                    </p>
                  )}
                  {problems[`items.${index}.id`] && <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">Kann nicht bestellt werden.</p>}
                </div>
                <CartLineQuantity id={line.id} name={line.name} quantity={line.quantity} max={line.entry?.maxQuantity ?? Number.POSITIVE_INFINITY} />
                <p className="w-32 text-right font-semibold text-slate-900 tabular-nums dark:text-white">{paymentAmountText(line, basis, 'gross')}</p>
                <button
                  type="button"
                  onClick={() => afterChange(() => removeItem(line.id))}
                  aria-label={`Entfernen: ${line.name}`}
                  className="rounded-lg px-2 py-1.5 text-sm font-medium text-red-700 underline underline-offset-2 hover:bg-red-50 dark:text-red-300 dark:hover:bg-slate-800"
                >
                  Entfernen
                </button>
              </li>
            ))}
          </ul>
          <AmountsByRhythm
            ref={(node) => void (outcome.current = node)}
            schedule={schedule}
            display="gross"
            className="mt-4 border-t border-slate-300 pt-4 dark:border-slate-600"
          />
          {blocking.length > 0 && (
            <div id="cart-problems" role="alert" className="mt-4 rounded-lg border border-red-700 p-3 text-sm font-medium text-red-800 dark:border-red-400 dark:text-red-200">
              {[...new Set(blocking)].map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}
