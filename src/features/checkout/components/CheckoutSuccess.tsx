import { useEffect, useRef } from 'react';
import { domains } from '../../../data/domains.ts';
import { PAYPAL_RECIPIENT } from '../../billing/paypal.ts';
import type { PlacedOrderAnswer } from '../routes.ts';
import { PAYMENT_DAYS } from '../../billing/terms.ts';
import { servicesStartPendingText, servicesStartText, type StartChoice } from '../../../lib/contracts/service-start.ts';
import { activationRange } from '../../../lib/domains.ts';
import { germanDate } from '../../../lib/forms/dates.ts';
import { formatEuro } from '../../../lib/money.ts';
import { reviewReasonsText, type ReviewReason } from '../../../lib/orders/acceptance.ts';
import { DUE_ON_ACCEPTANCE_LABEL, type PriceDisplay } from '../../../lib/prices/statement.ts';
import { receiptMailSentence } from '../../../lib/schemas/forms/common.ts';
import type { PaymentMethod } from '../../../lib/schemas/order.ts';
import { taxNoteText, type TaxCase } from '../../../lib/tax-case.ts';
import { AmountsByRhythm } from '../../../components/shop/AmountsByRhythm.tsx';

/** The placed order as the checkout shows it: the server's answer and what the browser knew when ordering. */
export interface PlacedOrderView extends PlacedOrderAnswer {
  /** Why the order is reviewed (the cart's lines, by the rule the server applied). */
  reviewReasons: ReviewReason[];
  display: PriceDisplay;
  taxCase: TaxCase;
  email: string;
  paymentMethod: PaymentMethod;
  startChoice: StartChoice;
  hasDomain: boolean;
}

const PAYMENT_NEXT: Readonly<Record<PaymentMethod, (total: string) => string>> = {
  invoice: (total) => `Sie erhalten eine Rechnung über ${total}, zahlbar innerhalb von ${PAYMENT_DAYS} Tagen nach Erhalt.`,
  sepa: (total) => `Wir ziehen ${total} per SEPA-Lastschrift ein und kündigen den Einzug spätestens fünf Kalendertage vorher an.`,
  paypal: (total) => `Sie erhalten eine Rechnung über ${total} und senden den Betrag innerhalb von ${PAYMENT_DAYS} Tagen nach Erhalt per PayPal an ${PAYPAL_RECIPIENT}.`,
};

/** Before our acceptance nothing is due (decision 0053). */
const PAYMENT_AFTER_ACCEPTANCE: Readonly<Record<PaymentMethod, (total: string) => string>> = {
  invoice: (total) => `Erst nach unserer Annahme erhalten Sie eine Rechnung über ${total}, zahlbar innerhalb von ${PAYMENT_DAYS} Tagen nach Erhalt.`,
  sepa: (total) => `Erst nach unserer Annahme ziehen wir ${total} per SEPA-Lastschrift ein und kündigen den Einzug spätestens fünf Kalendertage vorher an.`,
  paypal: (total) => `Bitte zahlen Sie noch nichts: Erst nach unserer Annahme erhalten Sie eine Rechnung über ${total} und senden den Betrag innerhalb von ${PAYMENT_DAYS} Tagen nach Erhalt per PayPal an ${PAYPAL_RECIPIENT}.`,
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
  const accepted = order.status === 'accepted';
  return (
    <section aria-labelledby="checkout-success" className="rounded-2xl border border-green-700 p-6 dark:border-green-400">
      <h2 id="checkout-success" ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 dark:text-white">
        Vielen Dank für Ihre Bestellung!
      </h2>
      <p className="mt-3 text-lg">
        Ihre Bestellnummer: <strong data-testid="order-number">{order.orderId}</strong>
      </p>
      <AmountsByRhythm
        schedule={order.schedule}
        display={order.display}
        taxNote={taxNoteText(order.taxCase)}
        className="mt-4 max-w-md"
        {...(!accepted && { dueLabel: DUE_ON_ACCEPTANCE_LABEL })}
      />
      <h3 className="mt-6 text-lg font-semibold text-slate-900 dark:text-white">Wie geht es weiter?</h3>
      <ol className="mt-2 list-decimal space-y-2 pl-5">
        {accepted ? (
          <li data-testid="confirmation-mail">
            {order.confirmationMailed ? (
              <>
                Wir haben Ihre Bestellung angenommen: Der Vertrag ist geschlossen. Die Bestellbestätigung und Auftragsbestätigung haben wir an{' '}
                <strong>{order.email}</strong> gesendet – mit allen Angaben Ihrer Bestellung und, als PDF im Anhang, Ihrer Vertragsbestätigung mit Ihren
                Verträgen, unseren AGB{documents}. Bitte bewahren Sie sie auf.
              </>
            ) : (
              <>
                Wir haben Ihre Bestellung angenommen: Der Vertrag ist geschlossen. {receiptMailSentence(false, order.email)} Sie ist zugleich unsere
                Auftragsbestätigung und enthält alle Angaben Ihrer Bestellung und, als PDF im Anhang, Ihre Vertragsbestätigung mit Ihren Verträgen, unseren
                AGB{documents}.
              </>
            )}
          </li>
        ) : (
          <>
            <li data-testid="confirmation-mail">
              {order.confirmationMailed ? (
                <>
                  Wir haben Ihnen eine Eingangsbestätigung an <strong>{order.email}</strong> gesendet – mit allen Angaben Ihrer Bestellung. Sie ist noch
                  nicht unsere Annahme.
                </>
              ) : (
                <>{receiptMailSentence(false, order.email)} Sie enthält alle Angaben Ihrer Bestellung und ist noch nicht unsere Annahme.</>
              )}
            </li>
            <li data-testid="acceptance-next">
              Ihre Bestellung enthält {reviewReasonsText(order.reviewReasons)}; wir prüfen sie und nehmen sie bis zum{' '}
              <strong>{order.acceptanceDeadline ? germanDate(order.acceptanceDeadline) : '–'}</strong> mit einer Auftragsbestätigung an oder lehnen sie ab.
              Mit der Annahme ist der Vertrag geschlossen, und Sie erhalten die Vertragsbestätigung als PDF mit Ihren Verträgen, unseren AGB{documents}.
              Erhalten Sie bis dahin keine Auftragsbestätigung, sind Sie an Ihre Bestellung nicht mehr gebunden.
            </li>
          </>
        )}
        <li data-testid="services-start">
          Leistungsbeginn: {order.servicesStartOn ? servicesStartText(order.startChoice, order.servicesStartOn) : servicesStartPendingText(order.startChoice)}.
        </li>
        <li>{(accepted ? PAYMENT_NEXT : PAYMENT_AFTER_ACCEPTANCE)[order.paymentMethod](total)}</li>
        {order.hasDomain && (
          <li>
            Ihre Domain wird in der Regel innerhalb von {activation.min} bis {activation.max} Stunden nach dem Leistungsbeginn freigeschaltet.
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
