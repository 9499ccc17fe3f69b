import { useId, useState } from 'react';
import { catalogue } from '../../data/catalogue.ts';
import { domainCartId } from '../../lib/catalogue.ts';
import { checkDomainLabel, DOMAIN_LABEL_MESSAGES } from '../../lib/domain-name.ts';
import { addItem } from '../../stores/cart.ts';
import { showAddedToCart } from '../../stores/ui.ts';
import { Button } from '../ui/Button.tsx';
import { field, text } from '../ui/classes.ts';

interface DomainNameCheckProps {
  /** The ending without the dot, e.g. 'de'. */
  tld: string;
}

/**
 * Checks a wished-for domain name against the character rule of SPEC §5 while the visitor types,
 * and puts an admissible one into the cart (its id carries the name, so it survives a reload).
 * It says nothing about availability: that is checked with the registry when the domain is
 * ordered, which the text states so nobody mistakes this for a reservation. The check runs in
 * the browser and the cart is the browser's, so no button here waits for a server (no pending state).
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
      <label htmlFor={`${id}-name`} className={`block ${text.label}`}>
        Wunschname vor „.{tld}“
      </label>
      <p id={`${id}-hint`} className={`mt-1 ${text.small}`}>
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
          // The kit's control marks aria-invalid with the danger border by itself.
          className={field.control}
        />
        <span aria-hidden="true" className={text.label}>
          .{tld}
        </span>
      </div>
      {/* Always in the DOM, so screen readers announce the verdict as it changes. */}
      <p
        id={`${id}-result`}
        role="status"
        className={`mt-2 min-h-6 ${invalid ? 'font-medium text-danger-700 dark:text-danger-300' : text.body}`}
      >
        {message}
      </p>
      {entry && (
        <Button className="mt-2" onClick={order}>
          {`${entry.name} in den Warenkorb`}
        </Button>
      )}
    </div>
  );
}
