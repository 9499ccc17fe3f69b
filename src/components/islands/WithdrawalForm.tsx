import { withdrawalMessages, withdrawalReceipt, withdrawalSummary, WithdrawalFieldsSchema, type WithdrawalFields } from '../../lib/schemas/forms/withdrawal.ts';
import { TextField } from '../forms/Fields.tsx';
import { RequestForm, type PostedForm } from '../forms/RequestForm.tsx';
import { useFormFields } from '../forms/useFormFields.ts';

const EMPTY = { contract: '', name: '', email: '' };

/**
 * The withdrawal function of § 356a BGB: step one collects contract or product, name, e-mail
 * and the security code; step two shows the declaration with its own button
 * 'Widerruf bestätigen'; then the receipt with date and time, also by e-mail. Without
 * JavaScript the server renders it, `posted`, for each step (decision 0033).
 */
export default function WithdrawalForm({ posted }: { posted?: PostedForm }) {
  const form = useFormFields('withdrawal', WithdrawalFieldsSchema, EMPTY, posted);
  return (
    <RequestForm
      label="Vertrag widerrufen"
      endpoint="/api/forms/withdrawal"
      form={form}
      payload={() => ({ ...form.values })}
      summary={() => withdrawalSummary(form.output as WithdrawalFields)}
      submitLabel="Widerruf bestätigen"
      sendFailed={withdrawalMessages.sendFailed}
      declaration
      posted={posted}
      confirmStep={{
        nextLabel: 'Weiter zur Bestätigung',
        heading: 'Bitte prüfen Sie Ihren Widerruf',
        hint: 'Mit „Widerruf bestätigen“ senden Sie uns diese Erklärung. Sie erhalten sofort eine Eingangsbestätigung per E-Mail.',
      }}
      receipt={(mailed) => withdrawalReceipt(form.values.email, mailed)}
    >
      <TextField form={form} field="contract" label="Vertrag oder Produkt" required hint="z. B. Webapp Basis, bestellt am 02.06.2026, oder Ihre Auftragsnummer" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField form={form} field="name" label="Name" required autoComplete="name" />
        <TextField form={form} field="email" label="E-Mail" type="email" required autoComplete="email" />
      </div>
    </RequestForm>
  );
}
