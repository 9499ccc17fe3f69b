import * as v from 'valibot';
import { EmailSchema, messages, requiredText } from '../fields.ts';
import { MISSING_FIELDS, securityEntries, summaryLines, type SummaryLine } from './common.ts';

/** The online withdrawal of § 355, § 356a BGB (SPEC §3, §5): contract or product, name, e-mail, security code. */
export const withdrawalMessages = {
  contractRequired: 'Bitte geben Sie den Vertrag oder das Produkt an, den Sie widerrufen.',
  sendFailed: 'Beim Senden des Widerrufs ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut oder kontaktieren Sie den Support.',
} as const;

export const WithdrawalFieldsSchema = v.object({
  contract: v.optional(requiredText(withdrawalMessages.contractRequired, 300), ''),
  name: v.optional(requiredText(messages.nameRequired, 200), ''),
  email: v.optional(EmailSchema, ''),
}, MISSING_FIELDS);

export const WithdrawalSchema = v.object({ ...WithdrawalFieldsSchema.entries, ...securityEntries }, MISSING_FIELDS);

export type WithdrawalFields = v.InferOutput<typeof WithdrawalFieldsSchema>;
export type Withdrawal = v.InferOutput<typeof WithdrawalSchema>;

export function withdrawalSummary(w: WithdrawalFields): SummaryLine[] {
  return summaryLines([
    ['Erklärung', 'Hiermit widerrufe ich den von mir abgeschlossenen Vertrag.'],
    ['Vertrag oder Produkt', w.contract],
    ['Name', w.name],
    ['E-Mail', w.email],
  ]);
}
