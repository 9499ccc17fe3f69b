import { CancellationFieldsSchema, cancellationSummary, CustomerCancellationSchema } from '../../lib/schemas/forms/cancellation.ts';
import { cancellationReceipt, customerCancellationReceipt, type CancellationType } from '../../lib/schemas/forms/cancellation-receipt.ts';
import { useSession } from '../auth/useSession.ts';
import { TextField } from '../forms/Fields.tsx';
import { CancellationTermFields } from '../forms/CancellationTermFields.tsx';
import { CancellationRequestForm } from '../forms/CancellationRequestForm.tsx';
import type { PostedForm } from '../../lib/forms/posted-form.ts';
import { useFormFields } from '../forms/useFormFields.ts';

const EMPTY = {
  contract_name: '',
  customer_id: '',
  order_id: '',
  type_of_cancellation: 'regular',
  cancellation_reason: '',
  end_of_contract_period: 'select',
  end_of_contract_period_date: '',
  firstname: '',
  lastname: '',
  street: '',
  street_extra: '',
  postcode: '',
  locality: '',
  country: 'Deutschland',
  email: '',
  annotation: '',
};

/** Only these go to the server from a logged-in customer (SPEC §6). */
const DECLARATION_FIELDS = [
  'contract_name',
  'customer_id',
  'order_id',
  'type_of_cancellation',
  'cancellation_reason',
  'end_of_contract_period',
  'end_of_contract_period_date',
  'annotation',
] as const;

/**
 * The cancellation form of § 312k BGB (SPEC §2–§5, §8): one page, no login needed, the button
 * 'jetzt kündigen' visible from the start. Logged-in customers see only the declaration. Without
 * JavaScript it posts to the same endpoint, which answers it rendered with `posted` (decision 0033).
 */
export default function CancellationForm({ posted }: { posted?: PostedForm }) {
  // 'unknown' while hydrating, like the prebuilt page: the top bar's session check can answer
  // before this island hydrates, and a logged-in first render would not match (React error #418).
  const session = useSession();
  const customer = session.status === 'loggedIn' ? session.user : null;
  const form = useFormFields('cancel', customer ? CustomerCancellationSchema : CancellationFieldsSchema, EMPTY, { posted });
  const { values } = form;

  const payload = () =>
    customer ? Object.fromEntries(DECLARATION_FIELDS.map((field) => [field, values[field]])) : { ...values };

  return (
    <CancellationRequestForm
      label="Kündigungsformular"
      form={form}
      payload={payload}
      summary={(declaration) => cancellationSummary(declaration, customer?.displayName)}
      withoutSecurityCheck={Boolean(customer)}
      declaration
      posted={posted}
      receipt={(mailed, answer) => {
        const type = values.type_of_cancellation as CancellationType;
        return customer ? customerCancellationReceipt(mailed, answer.contract, type) : cancellationReceipt(values.email, mailed, type);
      }}
    >
      {customer && (
        <p className="rounded-lg bg-brand-50 p-4 dark:bg-slate-800">
          Sie sind als {customer.displayName} angemeldet. Wir ordnen die Kündigung Ihrem Kundenkonto zu; Name, Anschrift und
          Sicherheitscode brauchen wir deshalb nicht.
        </p>
      )}
      <fieldset className="space-y-5">
        <legend className="text-xl font-semibold">Welchen Vertrag möchten Sie kündigen?</legend>
        <TextField form={form} field="contract_name" label="Bezeichnung des Vertrags" required hint="z. B. Webapp Basis, Hosting oder Domain beispiel.de" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField form={form} field="customer_id" label="Kundennummer" hint="falls zur Hand" />
          <TextField form={form} field="order_id" label="Auftrags- oder Vertragsnummer" hint="falls zur Hand" />
        </div>
        <CancellationTermFields form={form} />
      </fieldset>

      {!customer && (
        <fieldset className="space-y-5">
          <legend className="text-xl font-semibold">Wer kündigt?</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField form={form} field="firstname" label="Vorname" required autoComplete="given-name" />
            <TextField form={form} field="lastname" label="Nachname" required autoComplete="family-name" />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField form={form} field="street" label="Straße und Hausnummer" autoComplete="address-line1" hint="Freiwillig, wie die ganze Anschrift: Sie hilft uns, Ihren Vertrag zu finden." />
            <TextField form={form} field="street_extra" label="Adresszusatz" autoComplete="address-line2" />
          </div>
          <div className="grid gap-5 sm:grid-cols-3">
            <TextField form={form} field="postcode" label="Postleitzahl" autoComplete="postal-code" />
            <TextField form={form} field="locality" label="Ort" autoComplete="address-level2" />
            <TextField form={form} field="country" label="Land" autoComplete="country-name" />
          </div>
          <TextField form={form} field="email" label="E-Mail" type="email" required autoComplete="email" hint="An diese Adresse senden wir die Eingangsbestätigung." />
        </fieldset>
      )}

      <TextField form={form} field="annotation" label="Anmerkung" rows={5} />
    </CancellationRequestForm>
  );
}
