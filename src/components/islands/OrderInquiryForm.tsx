import {
  interestOptions,
  orderFeatures,
  orderInquiryMessages,
  orderInquirySummary,
  OrderInquiryFieldsSchema,
  orderTopics,
  rentalOrPurchaseOptions,
  type OrderInquiryFields,
} from '../../lib/schemas/forms/order-inquiry.ts';
import { receiptMailSentence } from '../../lib/schemas/forms/common.ts';
import { Checkbox, CheckboxGroup, RadioGroup, SelectField, TextField } from '../forms/Fields.tsx';
import { PrivacyNotice } from '../forms/PrivacyNotice.tsx';
import { RequestForm } from '../forms/RequestForm.tsx';
import { useFormFields } from '../forms/useFormFields.ts';

const EMPTY = {
  name: '',
  email: '',
  customer_id: '',
  topic: '',
  inquiry: '',
  maximum_budget: '',
  rental_or_purchase: 'undecided',
  features: [] as string[],
  user_documentation: false,
  source_code_documentation: false,
  admin_documentation: false,
  service_level_agreement: false,
  bugfixing: false,
  testing: false,
  interested_in: 'offer',
};

/** The order inquiry of /inquiry with every field of SPEC §3 and the rules of SPEC §5. */
export default function OrderInquiryForm() {
  const form = useFormFields('order', OrderInquiryFieldsSchema, EMPTY);
  return (
    <RequestForm
      label="Auftragsanfrage"
      endpoint="/api/forms/order-inquiry"
      form={form}
      payload={() => ({ ...form.values })}
      summary={() => orderInquirySummary(form.output as OrderInquiryFields)}
      submitLabel="Anfrage senden"
      sendFailed={orderInquiryMessages.sendFailed}
      receipt={(mailed) => ({
        title: 'Vielen Dank für Ihre Anfrage',
        lead: `${receiptMailSentence(mailed, form.values.email.trim())} Wir melden uns innerhalb von 48 Stunden bei Ihnen.`,
      })}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField form={form} field="name" label="Name" required autoComplete="name" />
        <TextField form={form} field="email" label="E-Mail" type="email" required autoComplete="email" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField form={form} field="customer_id" label="Kundennummer" hint="falls Sie schon Kunde sind" />
        <SelectField form={form} field="topic" label="Thema" options={orderTopics} required placeholder="Bitte wählen" />
      </div>
      <TextField form={form} field="inquiry" label="Beschreibung des Auftrags" required multiline />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField form={form} field="maximum_budget" label="Maximales Budget in Euro" inputMode="numeric" hint="ganzer Eurobetrag, z. B. 5000 – optional" />
        <SelectField form={form} field="interested_in" label="Ich interessiere mich für" options={interestOptions} />
      </div>
      <RadioGroup form={form} field="rental_or_purchase" legend="Miete oder Kauf" options={rentalOrPurchaseOptions} />
      <CheckboxGroup form={form} field="features" legend="Gewünschte Funktionen" options={orderFeatures} />
      <fieldset className="space-y-2">
        <legend className="font-medium">Dokumentation und Leistungen</legend>
        <Checkbox form={form} field="user_documentation">Benutzerdokumentation</Checkbox>
        <Checkbox form={form} field="source_code_documentation">Quellcode-Dokumentation</Checkbox>
        <Checkbox form={form} field="admin_documentation">Administrationsdokumentation</Checkbox>
        <Checkbox form={form} field="service_level_agreement">Service-Level-Vereinbarung (SLA)</Checkbox>
        <Checkbox form={form} field="bugfixing">Fehlerbehebung nach dem Start</Checkbox>
        <Checkbox form={form} field="testing">Tests</Checkbox>
      </fieldset>
      <PrivacyNotice />
    </RequestForm>
  );
}
