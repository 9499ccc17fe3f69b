import { useEffect, useRef } from 'react';
import { domains } from '../../data/domains.ts';
import type { IsoDay } from '../../lib/contracts/ends.ts';
import { servicesStartText, type StartChoice } from '../../lib/contracts/service-start.ts';
import { activationRange } from '../../lib/domains.ts';
import { formatEuro } from '../../lib/money.ts';
import type { Schedule } from '../../lib/prices/amounts.ts';
import type { PriceDisplay } from '../../lib/prices/statement.ts';
import { receiptMailSentence } from '../../lib/schemas/forms/common.ts';
import type { PaymentMethod } from '../../lib/schemas/order.ts';
import { AmountsByRhythm } from '../shop/AmountsByRhythm.tsx';

export interface PlacedOrderView {
  orderId: string;
  /** As the server stored it: what is due now and what recurs. */
  schedule: Schedule;
  /** As the server stored it: the first day of the services (decision 0034). */
  servicesStartOn: IsoDay;
  /** False when the daily cap per recipient held the confirmation mail back (decision 0042). */
  confirmationMailed: boolean;
  display: PriceDisplay;
  email: string;
  paymentMethod: PaymentMethod;
  startChoice: StartChoice;
  hasDomain: boolean;
}

const PAYMENT_NEXT: Readonly<Record<PaymentMethod, (total: string) => string>> = {
  invoice: (total) => `Sie erhalten eine Rechnung über ${total}, zahlbar innerhalb von 10 Tagen nach Erhalt.`,
  sepa: (total) => `Wir ziehen ${total} per SEPA-Lastschrift ein und kündigen den Einzug spätestens fünf Kalendertage vorher an.`,
  paypal: (total) =>
    `Ihre Zahlung steht noch aus: Die Zahlungsaufforderung über ${total} mit allen Angaben für PayPal finden Sie in der Bestätigungs-E-Mail. Wir beginnen, sobald die Zahlung eingegangen ist.`,
};

/** The end of the checkout: the order number and what happens next. */
export function CheckoutSuccess({ order }: { order: PlacedOrderView }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form the visitor was in is gone: move focus to the news, so screen readers read it.
    heading.current?.focus();
    document.title = `Bestellung ${order.orderId} eingegangen`;
  }, [order.orderId]);
  const total = formatEuro(order.schedule.dueNow.grossCents);
  const consumer = order.startChoice.customerType === 'consumer';
  const documents = consumer ? ', der Widerrufsbelehrung und dem Muster-Widerrufsformular' : '';
  const activation = activationRange(domains);
  return (
    <section aria-labelledby="checkout-success" className="rounded-2xl border border-green-700 p-6 dark:border-green-400">
      <h2 id="checkout-success" ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 dark:text-white">
        Vielen Dank für Ihre Bestellung!
      </h2>
      <p className="mt-3 text-lg">
        Ihre Bestellnummer: <strong data-testid="order-number">{order.orderId}</strong>
      </p>
      <AmountsByRhythm schedule={order.schedule} display={order.display} className="mt-4 max-w-md" />
      <h3 className="mt-6 text-lg font-semibold text-slate-900 dark:text-white">Wie geht es weiter?</h3>
      <ol className="mt-2 list-decimal space-y-2 pl-5">
        <li data-testid="confirmation-mail">
          {order.confirmationMailed ? (
            <>
              Wir haben Ihnen eine Eingangsbestätigung an <strong>{order.email}</strong> gesendet – mit allen Angaben Ihrer Bestellung und, als PDF
              im Anhang, Ihrer Vertragsbestätigung mit Ihren Verträgen, unseren AGB{documents}. Bitte bewahren Sie sie auf.
            </>
          ) : (
            <>
              {receiptMailSentence(false, order.email)} Sie enthält alle Angaben Ihrer Bestellung und, als PDF im Anhang, Ihre
              Vertragsbestätigung mit Ihren Verträgen, unseren AGB{documents}.
            </>
          )}
        </li>
        <li>Innerhalb von 2 Tagen nehmen wir Ihre Bestellung mit einer Auftragsbestätigung an.</li>
        <li data-testid="services-start">Leistungsbeginn: {servicesStartText(order.startChoice, order.servicesStartOn)}.</li>
        <li>{PAYMENT_NEXT[order.paymentMethod](total)}</li>
        {order.hasDomain && (
          <li>
            Ihre Domain wird in der Regel innerhalb von {activation.min} bis {activation.max} Stunden nach Vertragsschluss freigeschaltet.
          </li>
        )}
      </ol>
      <p className="mt-6">
        <a href="/" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
          Zur Startseite
        </a>
      </p>
    </section>
  );
}
