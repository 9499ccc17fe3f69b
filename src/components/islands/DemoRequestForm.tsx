import { DATE_PLACEHOLDER } from '../../lib/schemas/forms/common.ts';
import { demoProducts, demoRequestMessages, demoRequestSummary, DemoRequestFieldsSchema } from '../../lib/schemas/forms/demo-request.ts';
import { NameAndEmail, SelectField, TextField } from '../forms/Fields.tsx';
import { PrivacyNotice } from '../forms/PrivacyNotice.tsx';
import { answeredWithin48Hours } from '../forms/Receipt.tsx';
import { demoRequest } from '../../features/legal-forms/routes.ts';
import { publicForm, RequestForm } from '../forms/RequestForm.tsx';
import { useFormFields } from '../forms/useFormFields.ts';

const EMPTY = { name: '', email: '', company: '', product: '', preferred_date: '' };
const DEMO_REQUEST = publicForm(demoRequest, 'Demo anfordern', demoRequestSummary, demoRequestMessages);

/** The demo request: name, e-mail, company, product of interest, optional preferred date; answered within 48 hours. */
export default function DemoRequestForm() {
  const form = useFormFields('demo', DemoRequestFieldsSchema, EMPTY);
  return (
    <RequestForm {...DEMO_REQUEST} form={form} receipt={answeredWithin48Hours('Vielen Dank für Ihre Demo-Anfrage', form.values.email)}>
      <NameAndEmail form={form} />
      <TextField form={form} field="company" label="Firma" required autoComplete="organization" />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField form={form} field="product" label="Produkt" options={demoProducts} required placeholder="Bitte wählen" />
        <TextField form={form} field="preferred_date" label="Wunschtermin" placeholder={DATE_PLACEHOLDER} inputMode="numeric" hint="optional" />
      </div>
      <PrivacyNotice />
    </RequestForm>
  );
}
