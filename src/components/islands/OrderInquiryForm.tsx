import {
  interestOptions,
  orderFeatures,
  orderInquiryMessages,
  orderInquirySummary,
  OrderInquiryFieldsSchema,
  orderTopics,
  rentalOrPurchaseOptions,
} from '../../lib/schemas/forms/order-inquiry.ts';
import { Checkbox, CheckboxGroup, NameAndEmail, RadioGroup, SelectField, TextField } from '../forms/Fields.tsx';
import { PrivacyNotice } from '../forms/PrivacyNotice.tsx';
import { answeredWithin48Hours } from '../forms/Receipt.tsx';
import { orderInquiry } from '../../features/legal-forms/routes.ts';
import { publicForm, RequestForm } from '../forms/RequestForm.tsx';
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
const ORDER_INQUIRY = publicForm(orderInquiry, 'Auftragsanfrage', orderInquirySummary, orderInquiryMessages);

/** The order inquiry of /inquiry with every field of SPEC §3 and the rules of SPEC §5. */
export default function OrderInquiryForm() {
  const form = useFormFields('order', OrderInquiryFieldsSchema, EMPTY);
  return (
    <RequestForm {...ORDER_INQUIRY} submitLabel="Anfrage senden" form={form} receipt={answeredWithin48Hours('Vielen Dank für Ihre Anfrage', form.values.email)}>
      <NameAndEmail form={form} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField form={form} field="customer_id" label="Kundennummer" hint="falls Sie schon Kunde sind" />
        <SelectField form={form} field="topic" label="Thema" options={orderTopics} required placeholder="Bitte wählen" />
      </div>
      <TextField form={form} field="inquiry" label="Beschreibung des Auftrags" required rows={5} />
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
