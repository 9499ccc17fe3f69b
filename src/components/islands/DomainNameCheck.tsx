import { useId, useState } from 'react';
import { catalogue } from '../../data/catalogue.ts';
import { domainCartId } from '../../lib/catalogue.ts';
import { checkDomainLabel, DOMAIN_LABEL_MESSAGES } from '../../lib/domain-name.ts';
import { addItem } from '../../stores/cart.ts';
import { showAddedToCart } from '../../stores/ui.ts';
import { addToCartButtonClass } from '../shop/add-to-cart.ts';

interface DomainNameCheckProps {
  /** The ending without the dot, e.g. 'de'. */
  tld: string;
}

/**
 * Checks a wished-for domain name against the character rule of SPEC §5 while the visitor types,
 * and puts an admissible one into the cart (its id carries the name, so it survives a reload).
 * It says nothing about availability: that is checked with the registry when the domain is
 * ordered, which the text states so nobody mistakes this for a reservation.
 */
export default function DomainNameCheck({ tld }: DomainNameCheckProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const result = value.trim() === '' ? undefined : checkDomainLabel(value);
  const invalid = result !== undefined && !result.valid;
  const entry = result?.valid ? catalogue.get(domainCartId(tld, result.label)) : undefined;

  function order() {
    if (!entry) return;
    addItem(entry.id, 1);
    showAddedToCart({ name: entry.name, quantity: 1 });
  }

  let message = '';
  if (result?.valid) {
    message = `„${result.label}.${tld}“ ist als Domainname zulässig. Ob die Domain noch frei ist, prüfen wir bei Ihrer Bestellung.`;
  } else if (result) {
    message = DOMAIN_LABEL_MESSAGES[result.problem];
  }

  return (
    <div className="max-w-xl">
      <label htmlFor={`${id}-name`} className="block font-semibold text-slate-900 dark:text-white">
        Wunschname vor „.{tld}“
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Nur den Namen ohne Endung, zum Beispiel „müller-bau“.
      </p>
      <div className="mt-2 flex items-center gap-2">
        <input
          id={`${id}-name`}
          type="text"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={`${id}-hint ${id}-result`}
          aria-invalid={invalid || undefined}
          className={`w-full rounded-lg border bg-white px-3 py-2 text-slate-900 dark:bg-slate-900 dark:text-white ${
            invalid ? 'border-red-700 dark:border-red-400' : 'border-slate-500 dark:border-slate-400'
          }`}
        />
        <span aria-hidden="true" className="font-semibold text-slate-900 dark:text-white">
          .{tld}
        </span>
      </div>
      {/* Always in the DOM, so screen readers announce the verdict as it changes. */}
      <p
        id={`${id}-result`}
        role="status"
        className={`mt-2 min-h-6 ${invalid ? 'text-red-700 dark:text-red-300' : 'text-slate-700 dark:text-slate-300'}`}
      >
        {message}
      </p>
      {entry && (
        <button type="button" className={`${addToCartButtonClass} mt-2`} onClick={order}>
          {`${entry.name} in den Warenkorb`}
        </button>
      )}
    </div>
  );
}
