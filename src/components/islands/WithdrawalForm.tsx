import {
  withdrawalMessages,
  withdrawalReceipt,
  withdrawalSummary,
  WithdrawalFieldsSchema,
  withdrawnOrderLines,
  type WithdrawalFields,
} from '../../lib/schemas/forms/withdrawal.ts';
import { NameAndEmail, TextField } from '../forms/Fields.tsx';
import type { PostedForm } from '../../lib/forms/posted-form.ts';
import { withdrawal } from '../../features/legal-forms/routes.ts';
import { publicForm, RequestForm } from '../forms/RequestForm.tsx';
import { useFormFields } from '../forms/useFormFields.ts';

const EMPTY = { contract: '', name: '', email: '' };
const WITHDRAWAL = publicForm(withdrawal, 'Vertrag widerrufen', withdrawalSummary, withdrawalMessages);

/**
 * The withdrawal function of § 356a BGB: step one collects contract or product, name, e-mail
 * and the security code; step two shows the declaration with its own button
 * 'Widerruf bestätigen'; then the receipt with date and time, also by e-mail. Without
 * JavaScript the server renders it, `posted`, for each step (decision 0033).
 */
export default function WithdrawalForm({ posted }: { posted?: PostedForm }) {
  const form = useFormFields('withdrawal', WithdrawalFieldsSchema, EMPTY, { posted });
  return (
    <RequestForm<typeof EMPTY, WithdrawalFields, typeof withdrawal>
      {...WITHDRAWAL}
      form={form}
      submitLabel="Widerruf bestätigen"
      declaration
      posted={posted}
      confirmStep={{
        nextLabel: 'Weiter zur Bestätigung',
        heading: 'Bitte prüfen Sie Ihren Widerruf',
        hint: 'Mit „Widerruf bestätigen“ senden Sie uns diese Erklärung. Sie erhalten sofort eine Eingangsbestätigung per E-Mail.',
      }}
      // Only a logged-in owner's own orders are withdrawn at once and named (decision 0054).
      receipt={(mailed, answer) => withdrawalReceipt(form.values.email, mailed, answer.withdrawnOrders)}
      receiptLines={(answer, lines) => [...lines, ...withdrawnOrderLines(answer.withdrawnOrders)]}
    >
      <TextField form={form} field="contract" label="Vertrag oder Produkt" required hint="z. B. Webapp Basis, bestellt am 02.06.2026, oder Ihre Auftragsnummer" />
      <NameAndEmail form={form} />
    </RequestForm>
  );
}
