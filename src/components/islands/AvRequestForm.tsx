import { avRequestMessages, avRequestSummary, AvRequestFieldsSchema } from '../../lib/schemas/forms/av-request.ts';
import { TextField } from '../forms/Fields.tsx';
import { avRequest } from '../../features/legal-forms/routes.ts';
import { publicForm, RequestForm } from '../forms/RequestForm.tsx';
import { useFormFields } from '../forms/useFormFields.ts';

const EMPTY = { customerId: '', postalCode: '' };
const AV_REQUEST = publicForm(avRequest, 'AV-Vertrag anfordern', avRequestSummary, avRequestMessages);

/**
 * Request for the data-processing agreement (Art. 28 GDPR, SPEC §3, §5, §8). It asks for no
 * address: the agreement goes only to the one on record (docs/decisions/0036-av-agreement.md),
 * and the receipt says so without telling whether the number was found.
 */
export default function AvRequestForm() {
  const form = useFormFields('av', AvRequestFieldsSchema, EMPTY);
  return (
    <RequestForm
      {...AV_REQUEST}
      form={form}
      receipt={() => ({
        title: 'Ihre Anforderung ist bei uns eingegangen',
        lead: 'Passen Kundennummer und Postleitzahl zu unseren Kundendaten, senden wir Ihnen den Vertrag zur Auftragsverarbeitung als PDF an die bestätigte E-Mail-Adresse Ihres Kundenkontos – ausgestellt auf die Firma oder den Namen und die Anschrift Ihrer letzten Bestellung. Bitte unterschreiben Sie ihn und senden Sie ihn an uns zurück.',
      })}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField form={form} field="customerId" label="Kundennummer" required placeholder="K-000042" hint="steht in Ihrem Kundenbereich" />
        <TextField form={form} field="postalCode" label="Postleitzahl" required autoComplete="postal-code" hint="Ihrer Rechnungsanschrift" />
      </div>
    </RequestForm>
  );
}
