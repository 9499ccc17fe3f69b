import * as v from 'valibot';
import { normalisedCustomerNumber } from '../../customer-number.ts';
import { requiredText } from '../fields.ts';
import { MISSING_FIELDS, securityEntries, summaryLines, type SummaryLine } from './common.ts';

/**
 * Request for the data-processing agreement, Art. 28 GDPR (SPEC §3, §5, §8): customer number
 * and postal code name the customer. There is no address field: the agreement goes only to the
 * address on record for that customer (docs/decisions/0036-av-agreement.md).
 */
export const avRequestMessages = {
  customerNumberRequired: 'Kundennummer ist erforderlich',
  customerNumberInvalid: 'Bitte geben Sie Ihre Kundennummer so ein, wie sie im Kundenbereich steht, zum Beispiel K-000042.',
  postalCodeRequired: 'Postleitzahl ist erforderlich',
  sendFailed: 'Beim Anfordern des AV-Vertrags ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
} as const;

/** As typed ('k 42', '000042') or sent as a number: the output is the number as we write it, 'K-000042'. */
const CustomerNumberSchema = v.pipe(
  v.union([v.string(), v.number()], avRequestMessages.customerNumberRequired),
  v.transform((value) => String(value).trim()),
  v.nonEmpty(avRequestMessages.customerNumberRequired),
  v.maxLength(20, avRequestMessages.customerNumberInvalid),
  v.check((text) => normalisedCustomerNumber(text) !== null, avRequestMessages.customerNumberInvalid),
  v.transform((text) => normalisedCustomerNumber(text)!),
);

export const AvRequestFieldsSchema = v.object({
  /** SPEC §3 names the field customerId; it holds our customer number. */
  customerId: CustomerNumberSchema,
  postalCode: v.optional(requiredText(avRequestMessages.postalCodeRequired, 10), ''),
}, MISSING_FIELDS);

export const AvRequestSchema = v.object({ ...AvRequestFieldsSchema.entries, ...securityEntries }, MISSING_FIELDS);

export type AvRequestFields = v.InferOutput<typeof AvRequestFieldsSchema>;
export type AvRequest = v.InferOutput<typeof AvRequestSchema>;

export function avRequestSummary(r: AvRequestFields): SummaryLine[] {
  return summaryLines([
    ['Kundennummer', r.customerId],
    ['Postleitzahl', r.postalCode],
  ]);
}
