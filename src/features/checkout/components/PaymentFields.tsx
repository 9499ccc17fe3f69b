import { site } from '../../../config/site.ts';
import { formatEuro } from '../../../lib/money.ts';
import { PAYPAL_PROCEDURE } from '../../billing/paypal.ts';
import { SEPA_MINIMUM_CENTS } from '../../billing/terms.ts';
import { sepaMandateText } from '../../../lib/order.ts';
import { PAYMENT_METHOD_LABEL, PAYMENT_METHODS } from '../../../lib/schemas/order.ts';
import { Checkbox, RadioGroup, TextField } from '../../../components/forms/Fields.tsx';
import { sectionLegend, type CheckoutFieldState } from './CheckoutFields.tsx';

/** The payment method, what it means for the customer, and for SEPA the IBAN and the mandate. */
export function PaymentFields({ form }: { form: CheckoutFieldState }) {
  const method = form.values.paymentMethod;
  return (
    <RadioGroup
      form={form}
      field="paymentMethod"
      legend="Zahlungsart *"
      legendClassName={sectionLegend}
      options={PAYMENT_METHODS.map((method) => ({
        value: method,
        label: (
          <>
            {PAYMENT_METHOD_LABEL[method]}
            {method === 'sepa' && <span className="text-sm text-slate-600 dark:text-slate-400">(ab {formatEuro(SEPA_MINIMUM_CENTS)})</span>}
          </>
        ),
      }))}
      layout="column"
    >
      {method === 'invoice' && <p className="mt-3">Sie erhalten eine Rechnung; sie ist 10 Tage nach Erhalt ohne Abzug fällig.</p>}
      {method === 'paypal' && <p className="mt-3">{PAYPAL_PROCEDURE}</p>}
      {method === 'sepa' && (
        <div className="mt-4 space-y-4 rounded-xl bg-slate-50 p-4 dark:bg-slate-800">
          <TextField form={form} field="iban" label="IBAN" required spokenMarks code />
          <p id="checkout-mandate-text" className="text-sm">
            <strong>SEPA-Lastschriftmandat:</strong> {sepaMandateText(site.name)} Gläubiger-Identifikationsnummer: {site.sepaCreditorId}. Die Mandatsreferenz ist Ihre Bestellnummer; wir kündigen jeden Einzug spätestens fünf Kalendertage vorher an.
          </p>
          <Checkbox form={form} field="sepaMandate">
            Ich erteile das SEPA-Lastschriftmandat wie oben beschrieben.
          </Checkbox>
        </div>
      )}
    </RadioGroup>
  );
}
