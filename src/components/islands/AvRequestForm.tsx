import { avRequestMessages, avRequestSummary, AvRequestFieldsSchema, type AvRequestFields } from '../../lib/schemas/forms/av-request.ts';
import { TextField } from '../forms/Fields.tsx';
import { RequestForm } from '../forms/RequestForm.tsx';
import { useFormFields } from '../forms/useFormFields.ts';

const EMPTY = { customerId: '', postalCode: '', email: '' };

/** Request for the data-processing agreement (Art. 28 GDPR, SPEC §3, §5, §8); it arrives as a document by e-mail. */
export default function AvRequestForm() {
  const form = useFormFields('av', AvRequestFieldsSchema, EMPTY);
  return (
    <RequestForm
      label="AV-Vertrag anfordern"
      endpoint="/api/forms/av-request"
      form={form}
      payload={() => ({ ...form.values })}
      summary={() => avRequestSummary(form.output as AvRequestFields)}
      submitLabel="AV-Vertrag anfordern"
      sendFailed={avRequestMessages.sendFailed}
      receipt={{
        title: 'Ihre Anforderung ist bei uns eingegangen',
        lead: `Wir haben Ihnen den Vertrag zur Auftragsverarbeitung als Dokument an ${form.values.email.trim()} gesendet. Bitte unterschreiben Sie ihn und senden Sie ihn an uns zurück.`,
      }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField form={form} field="customerId" label="Kundennummer" required inputMode="numeric" hint="steht auf jeder Rechnung" />
        <TextField form={form} field="postalCode" label="Postleitzahl" required autoComplete="postal-code" hint="Ihrer Rechnungsanschrift" />
      </div>
      <TextField form={form} field="email" label="E-Mail" type="email" required autoComplete="email" hint="An diese Adresse senden wir den AV-Vertrag." />
    </RequestForm>
  );
}
