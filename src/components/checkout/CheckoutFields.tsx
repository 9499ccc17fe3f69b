import type { CheckoutValues } from '../../lib/order-form.ts';
import { CUSTOMER_TYPES, type CustomerType } from '../../lib/schemas/order.ts';
import { RadioGroup, TextField } from '../forms/Fields.tsx';
import type { FieldState } from '../forms/useFormFields.ts';

/** The checkout's form as its sections read and write it. */
export type CheckoutFieldState = FieldState<CheckoutValues>;

export const linkClass = 'font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300';

export const sectionLegend = 'text-xl font-semibold text-slate-900 dark:text-white';

const CUSTOMER_TYPE_LABEL: Readonly<Record<CustomerType, string>> = {
  consumer: 'Verbraucher (privat)',
  business: 'Unternehmer (gewerblich oder selbständig)',
};

/** Whom the order is from: consumer or business, and the billing address (a business's with its company). */
export function CustomerFields({ form }: { form: CheckoutFieldState }) {
  return (
    <>
      <RadioGroup
        form={form}
        field="customerType"
        legend="Sie bestellen als"
        legendClassName={sectionLegend}
        options={CUSTOMER_TYPES.map((type) => ({ value: type, label: CUSTOMER_TYPE_LABEL[type] }))}
      />

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className={`mb-2 ${sectionLegend}`}>Rechnungsanschrift</legend>
        {form.values.customerType === 'business' && (
          <>
            <TextField form={form} field="company" label="Firma" required spokenMarks autoComplete="organization" />
            <TextField form={form} field="vatId" label="USt-IdNr." spokenMarks hint="zum Beispiel DE123456789" />
          </>
        )}
        <TextField form={form} field="name" label="Vor- und Nachname" required spokenMarks autoComplete="name" className="sm:col-span-2" />
        <TextField form={form} field="street" label="Straße und Hausnummer" required spokenMarks autoComplete="street-address" className="sm:col-span-2" />
        <TextField form={form} field="postalCode" label="PLZ" required spokenMarks autoComplete="postal-code" />
        <TextField form={form} field="city" label="Ort" required spokenMarks autoComplete="address-level2" />
        <TextField form={form} field="country" label="Land" required spokenMarks autoComplete="country-name" />
        <TextField
          form={form}
          field="email"
          label="E-Mail"
          type="email"
          required
          spokenMarks
          autoComplete="email"
          hint="An diese Adresse senden wir die Bestellbestätigung."
        />
      </fieldset>
    </>
  );
}
