import type { PricedCart } from '../../../lib/order.ts';
import { purchaseFeature } from '../../../lib/prices/offers.ts';
import { paymentText } from '../../../lib/prices/rhythm.ts';
import { paymentAmountText, unitPriceText, type PriceDisplay } from '../../../lib/prices/statement.ts';
import { termTexts } from '../../../lib/prices/terms.ts';
import type { CustomerType } from '../../../lib/schemas/order.ts';
import type { PriceUnit, Term } from '../../../lib/schemas/price-source.ts';
import { taxNoteText } from '../../../lib/tax-case.ts';
import { AmountsByRhythm } from '../../../components/shop/AmountsByRhythm.tsx';

interface CheckoutSummaryProps {
  cart: PricedCart;
  customerType: CustomerType;
  display: PriceDisplay;
  /** Offered to businesses only: a consumer never sees a net price alone (PAngV). */
  onDisplayChange: ((display: PriceDisplay) => void) | undefined;
}

/** The contract of a line in the words of the customer's type (src/lib/prices/terms.ts). */
function LineTerms({ term, unit, customerType }: { term: Term | undefined; unit: PriceUnit; customerType: CustomerType }) {
  if (!term) return <p className="mt-1 text-sm">Keine Laufzeit: {unit === 'hour' ? 'Sie bezahlen die gebuchten Stunden einmal.' : 'einmalige Leistung.'}</p>;
  const texts = termTexts(term, customerType);
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
      <dt className="font-medium">Mindestlaufzeit:</dt>
      <dd>
        {texts.minimumTerm}, kündbar {texts.firstNotice}
      </dd>
      <dt className="font-medium">Danach:</dt>
      <dd>{texts.afterwards}</dd>
    </dl>
  );
}

/**
 * What § 312j Abs. 2 BGB wants directly above the order button: the main features of each
 * service, what it costs and when, the term, minimum term and renewal of the customer's type, and
 * the amounts by billing rhythm — what is due now, then each recurring amount — with their VAT.
 */
export function CheckoutSummary({ cart, customerType, display, onDisplayChange }: CheckoutSummaryProps) {
  const { lines, schedule, basis } = cart;
  return (
    <section aria-labelledby="checkout-summary" className="rounded-2xl border border-slate-300 p-5 dark:border-slate-600">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="checkout-summary" className="text-xl font-semibold text-slate-900 dark:text-white">
          Ihre Bestellung im Überblick
        </h2>
        {onDisplayChange && (
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={display === 'net'}
              onChange={(event) => onDisplayChange(event.target.checked ? 'net' : 'gross')}
              className="h-4 w-4 accent-brand-600"
            />
            Nettopreise anzeigen (zzgl. USt.)
          </label>
        )}
      </div>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
        {lines.map((line) => (
          <li key={line.id} className="py-3">
            <div className="flex flex-wrap justify-between gap-2">
              <p className="font-semibold text-slate-900 dark:text-white">{line.name}</p>
              <p className="font-semibold text-slate-900 tabular-nums dark:text-white">{paymentAmountText(line, basis, display)}</p>
            </div>
            {line.entry && (
              <>
                <p className="text-sm">
                  {line.quantity} × {unitPriceText(line, basis, display)} · {paymentText(line.rhythm, line.unit)}
                </p>
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {line.entry.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                  {/* A contract's term follows below; hours say here what happens to those not used. */}
                  {!line.entry.term && purchaseFeature(line.entry, 'de') && <li>{purchaseFeature(line.entry, 'de')}</li>}
                </ul>
                <LineTerms term={line.entry.term} unit={line.unit} customerType={customerType} />
              </>
            )}
          </li>
        ))}
      </ul>
      <AmountsByRhythm
        schedule={schedule}
        display={display}
        taxNote={taxNoteText(cart.taxCase)}
        className="mt-3 border-t border-slate-300 pt-3 dark:border-slate-600"
      />
    </section>
  );
}
