import * as v from 'valibot';
import { requiredText } from '../fields.ts';
import {
  MISSING_FIELDS,
  captchaEntries,
  contactPersonEntries,
  contactPersonLines,
  receiptMailSentence,
  summaryLines,
  type FormAnswer,
  type ReceiptText,
  type SummaryLine,
} from './common.ts';

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

/** A withdrawn order's contracts end on the day of receipt, and the billing run refunds (decision 0052). */
export const WITHDRAWN_ORDERS_END = 'Die Verträge der widerrufenen Bestellung enden mit dem Tag des Eingangs; bereits Gezahltes erstatten wir Ihnen mit einer Stornorechnung.';

/** Why the identity link: anybody can type an address, so a public withdrawal changes nothing by itself (decision 0054). */
const WITHDRAWAL_CONFIRM_BEFORE_CHANGE =
  'Die Bestellung machen wir erst rückgängig, wenn wir wissen, dass der Widerruf vom Besteller stammt: Bitte bestätigen Sie ihn mit dem Link in der E-Mail. Ohne diese Bestätigung prüfen wir ihn von Hand; das dauert länger.';

/**
 * The receipt page's heading and lead, with and without JavaScript. `withdrawnOrders` are the
 * orders a logged-in owner's withdrawal withdrew at once; a visitor's page names none.
 */
export function withdrawalReceipt(email: string, confirmationMailed: boolean, withdrawnOrders: readonly string[] = []): ReceiptText {
  const mail = receiptMailSentence(confirmationMailed, email.trim());
  const next =
    withdrawnOrders.length > 0
      ? WITHDRAWN_ORDERS_END
      : confirmationMailed
        ? WITHDRAWAL_CONFIRM_BEFORE_CHANGE
        : 'Die Bestellung machen wir erst rückgängig, wenn wir geprüft haben, dass der Widerruf vom Besteller stammt.';
  return {
    title: 'Ihr Widerruf ist bei uns eingegangen',
    lead: `${WITHDRAWAL_EFFECTIVE} ${mail} ${next} Wir melden uns zur Rückabwicklung des Vertrags bei Ihnen.`,
  };
}

/** The orders a withdrawal withdrew, for whom may read them (the owner's page, the mail, the identity page). */
export function withdrawnOrderLines(orderNumbers: readonly string[]): SummaryLine[] {
  return orderNumbers.length === 0 ? [] : [[orderNumbers.length === 1 ? 'Widerrufene Bestellung' : 'Widerrufene Bestellungen', orderNumbers.join(', ')]];
}

/** The answer of POST /api/forms/withdrawal (201): the orders withdrawn at once, only for their logged-in owner. */
export interface WithdrawalAnswer extends FormAnswer {
  withdrawnOrders: string[];
}

export function withdrawalSummary(w: WithdrawalFields): SummaryLine[] {
  return summaryLines([
    ['Erklärung', 'Hiermit widerrufe ich den von mir abgeschlossenen Vertrag.'],
    ['Vertrag oder Produkt', w.contract],
    ...contactPersonLines(w),
  ]);
}
