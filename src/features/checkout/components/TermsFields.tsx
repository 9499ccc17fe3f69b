import { agb } from '../../../data/agb.ts';
import { NO_WITHDRAWAL_FOR_BUSINESSES, servicesStartOn, WITHDRAWAL_DAYS } from '../../../lib/contracts/service-start.ts';
import { germanDate, todayIso } from '../../../lib/forms/dates.ts';
import { formatStand } from '../../../lib/legal.ts';
import type { ReviewReason } from '../../../lib/orders/acceptance.ts';
import { Checkbox } from '../../../components/forms/Fields.tsx';
import { AcceptanceNotice } from './AcceptanceNotice.tsx';
import { linkClass, sectionLegend, type CheckoutFieldState } from './CheckoutFields.tsx';

/**
 * The AGB, whether we accept the order at once or review it first (decision 0053), and for
 * consumers the choice when the services begin: after the withdrawal period, or at once with both
 * statements of § 356 Abs. 4 BGB (docs/decisions/0034). The withdrawal period runs from our
 * acceptance: for an order accepted at once that is today, so the day is known; for one we review
 * it is the day we accept. Businesses have no right of withdrawal.
 */
export function TermsFields({ form, reviewReasons }: { form: CheckoutFieldState; reviewReasons: readonly ReviewReason[] }) {
  const atOnce = reviewReasons.length === 0;
  return (
    <fieldset className="space-y-4">
      <legend className={`mb-2 ${sectionLegend}`}>Bedingungen</legend>
      <AcceptanceNotice reasons={reviewReasons} />
      <Checkbox form={form} field="agb">
        {/* Acceptance, not a confirmation of having read them: § 309 Nr. 12 lit. b BGB voids the latter in consumer terms. */}
        Ich akzeptiere die{' '}
        <a href="/agb" target="_blank" className={linkClass}>
          AGB
        </a>{' '}
        in der Fassung vom {formatStand(new Date(agb.stand))}. *
      </Checkbox>
      {form.values.customerType === 'consumer' ? (
        <>
          <div id="checkout-start-choice">
            <p>
              Als Verbraucher können Sie Ihre Bestellung 14 Tage lang ab Vertragsschluss widerrufen (Einzelheiten in unserer{' '}
              <a href="/widerrufsformular" target="_blank" className={linkClass}>
                Widerrufsbelehrung
              </a>
              ). Sie entscheiden, wann wir mit den Leistungen beginnen:
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>
                <strong>Ohne die beiden Häkchen unten</strong> beginnen wir erst nach Ablauf der Widerrufsfrist,{' '}
                {atOnce ? (
                  <>
                    am <strong data-testid="deferred-start">{germanDate(servicesStartOn(todayIso(), { customerType: 'consumer', earlyStart: false }))}</strong>
                  </>
                ) : (
                  <>
                    die <strong data-testid="deferred-start">{WITHDRAWAL_DAYS} Tage nach unserer Annahme</strong> endet
                  </>
                )}
                . Bis dahin können Sie ohne Kosten widerrufen.
              </li>
              <li>
                <strong>Mit beiden Häkchen</strong> beginnen wir sofort{atOnce ? '' : ' mit unserer Annahme'}. Widerrufen Sie trotzdem innerhalb der Frist,
                bezahlen Sie anteilig, was wir bis dahin geleistet haben. Haben wir eine Leistung schon vollständig erbracht, können Sie diese nicht mehr
                widerrufen.
              </li>
            </ul>
          </div>
          <Checkbox form={form} field="earlyStart">
            Ich verlange ausdrücklich, dass Sie vor Ablauf der Widerrufsfrist mit der Ausführung der bestellten Dienstleistungen beginnen.
          </Checkbox>
          <Checkbox form={form} field="waiverAcknowledged">
            Mir ist bekannt, dass ich mein Widerrufsrecht bei vollständiger Vertragserfüllung durch Sie verliere.
          </Checkbox>
        </>
      ) : (
        <p>
          {atOnce ? '' : 'Wir beginnen mit den Leistungen sofort mit unserer Annahme. '}
          {NO_WITHDRAWAL_FOR_BUSINESSES}
        </p>
      )}
    </fieldset>
  );
}
