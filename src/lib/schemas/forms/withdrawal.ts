import * as v from 'valibot';
import { requiredText } from '../fields.ts';
import { MISSING_FIELDS, captchaEntries, contactPersonEntries, contactPersonLines, receiptMailSentence, summaryLines, type ReceiptText, type SummaryLine } from './common.ts';

/** The online withdrawal of § 355, § 356a BGB (SPEC §3, §5): contract or product, name, e-mail, captcha. */
export const withdrawalMessages = {
  contractRequired: 'Bitte geben Sie den Vertrag oder das Produkt an, den Sie widerrufen.',
  sendFailed: 'Beim Senden des Widerrufs ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut oder kontaktieren Sie den Support.',
} as const;

export const WithdrawalFieldsSchema = v.object({
  contract: v.optional(requiredText(withdrawalMessages.contractRequired, 300), ''),
  ...contactPersonEntries,
}, MISSING_FIELDS);

export const WithdrawalSchema = v.object({ ...WithdrawalFieldsSchema.entries, ...captchaEntries }, MISSING_FIELDS);

export type WithdrawalFields = v.InferOutput<typeof WithdrawalFieldsSchema>;
export type Withdrawal = v.InferOutput<typeof WithdrawalSchema>;

/** § 355 Abs. 1 BGB: the withdrawal takes effect when it reaches us – on the receipt page and in the mail. */
export const WITHDRAWAL_EFFECTIVE = 'Ihr Widerruf ist mit dem Eingang bei uns wirksam.';

/** The receipt page's heading and lead, with and without JavaScript. */
export function withdrawalReceipt(email: string, confirmationMailed: boolean): ReceiptText {
  return {
    title: 'Ihr Widerruf ist bei uns eingegangen',
    lead: `${WITHDRAWAL_EFFECTIVE} ${receiptMailSentence(confirmationMailed, email.trim())} Wir melden uns zur Rückabwicklung des Vertrags bei Ihnen.`,
  };
}

export function withdrawalSummary(w: WithdrawalFields): SummaryLine[] {
  return summaryLines([
    ['Erklärung', 'Hiermit widerrufe ich den von mir abgeschlossenen Vertrag.'],
    ['Vertrag oder Produkt', w.contract],
    ...contactPersonLines(w),
  ]);
}
