import { UNIT_LABEL } from '../../lib/catalogue.ts';
import { formatEuro } from '../../lib/money.ts';
import type { PricedCart } from '../../lib/order.ts';
import { GrossTotal } from '../shop/GrossTotal.tsx';

/**
 * What § 312j Abs. 2 BGB wants directly above the order button: the main features of each
 * service, the term and minimum term, and the total price with the VAT it includes.
 */
export function CheckoutSummary({ cart }: { cart: PricedCart }) {
  const { lines, totals } = cart;
  return (
    <section aria-labelledby="checkout-summary" className="rounded-2xl border border-slate-300 p-5 dark:border-slate-600">
      <h2 id="checkout-summary" className="text-xl font-semibold text-slate-900 dark:text-white">
        Ihre Bestellung im Überblick
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
        {lines.map((line) => (
          <li key={line.id} className="py-3">
            <div className="flex flex-wrap justify-between gap-2">
              <p className="font-semibold text-slate-900 dark:text-white">{line.name}</p>
              <p className="font-semibold text-slate-900 dark:text-white">{formatEuro(line.lineCents)}</p>
            </div>
            {line.entry && (
              <>
                <p className="text-sm">
                  {line.quantity} × {formatEuro(line.unitCents)} {UNIT_LABEL[line.entry.unit]}
                </p>
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {line.entry.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
                  <dt className="font-medium">Laufzeit:</dt>
                  <dd>{line.entry.term}</dd>
                  <dt className="font-medium">Mindestlaufzeit:</dt>
                  <dd>{line.entry.minimumTerm}</dd>
                </dl>
              </>
            )}
          </li>
        ))}
      </ul>
      <GrossTotal label="Gesamtbetrag" totalCents={totals.totalCents} vatCents={totals.vatCents} className="mt-3 border-t border-slate-300 pt-3 dark:border-slate-600" />
    </section>
  );
}
