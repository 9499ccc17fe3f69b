import { isXRechnung, type CheckoutValues } from '../order-form.ts';
import { BUSINESS_INVOICE_FORMATS, CUSTOMER_TYPES, INVOICE_FORMAT_LABEL, type CustomerType } from '../../../lib/schemas/order.ts';
import { RadioGroup, TextField } from '../../../components/forms/Fields.tsx';
import type { FieldState } from '../../../components/forms/useFormFields.ts';

/** The checkout's form as its sections read and write it. */
export type CheckoutFieldState = FieldState<CheckoutValues>;

export const linkClass = 'font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300';

export const sectionLegend = 'text-xl font-semibold text-slate-900 dark:text-white';

const CUSTOMER_TYPE_LABEL: Readonly<Record<CustomerType, string>> = {
  consumer: 'Verbraucher (privat)',
  business: 'Unternehmer (gewerblich oder selbständig)',
};

/**
 * A business's invoices are EN 16931 e-invoices (issue 24): ZUGFeRD/Factur-X unless it asks for
 * an XRechnung, where a public customer names its Leitweg-ID. Consumers get a PDF and see neither.
 */
function InvoiceFormatFields({ form }: { form: CheckoutFieldState }) {
  return (
    <RadioGroup
      form={form}
      field="invoiceFormat"
      legend="Rechnungsformat"
      legendClassName={sectionLegend}
      options={BUSINESS_INVOICE_FORMATS.map((format) => ({ value: format, label: INVOICE_FORMAT_LABEL[format] }))}
      layout="column"
    >
      <p className="mt-3">Als Unternehmer erhalten Sie Ihre Rechnungen als E-Rechnung nach der europäischen Norm EN 16931.</p>
      {isXRechnung(form.values) && (
        <div className="mt-4 max-w-md">
          <TextField
            form={form}
            field="leitwegId"
            label="Leitweg-ID (für öffentliche Auftraggeber)"
            spokenMarks
            code
            hint="Zum Beispiel 991-33333TEST-33. Ohne Leitweg-ID nennt die XRechnung Ihre Bestellnummer als Käuferreferenz."
          />
        </div>
      )}
    </RadioGroup>
  );
}

/** Whom the order is from: consumer or business, and the billing address (a business's with its company and invoice format). */
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
            <TextField
              form={form}
              field="vatId"
              label="USt-IdNr."
              spokenMarks
              hint="Unternehmen in einem anderen EU-Staat: Mit gültiger USt-IdNr. berechnen wir keine deutsche Umsatzsteuer (Reverse Charge), ohne sie 19 %."
            />
          </>
        )}
        <TextField form={form} field="name" label="Vor- und Nachname" required spokenMarks autoComplete="name" className="sm:col-span-2" />
        <TextField form={form} field="street" label="Straße und Hausnummer" required spokenMarks autoComplete="street-address" className="sm:col-span-2" />
        <TextField form={form} field="postalCode" label="PLZ" required spokenMarks autoComplete="postal-code" />
        <TextField form={form} field="city" label="Ort" required spokenMarks autoComplete="address-level2" />
        <TextField
          form={form}
          field="country"
          label="Land"
          required
          spokenMarks
          autoComplete="country-name"
          {...(form.values.customerType === 'consumer' && { hint: 'Verbraucher beliefern wir innerhalb der EU.' })}
        />
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

      {form.values.customerType === 'business' && <InvoiceFormatFields form={form} />}
    </>
  );
}
