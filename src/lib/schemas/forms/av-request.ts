import * as v from 'valibot';
import { EmailSchema, requiredText } from '../fields.ts';
import { MISSING_FIELDS, securityEntries, summaryLines, type SummaryLine } from './common.ts';

/**
 * Request for the data-processing agreement, Art. 28 GDPR (SPEC §3, §5, §8): customer number
 * and postal code name the customer; the e-mail address says where the agreement goes
 * (docs/decisions/0014-legal-forms.md).
 */
export const avRequestMessages = {
  customerIdRequired: 'Kundennummer ist erforderlich',
  customerIdInvalid: 'Die Kundennummer besteht nur aus Ziffern.',
  postalCodeRequired: 'Postleitzahl ist erforderlich',
  sendFailed: 'Beim Anfordern des AV-Vertrags ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
} as const;

/** Typed into a text field or sent as a number: either way a positive whole number. */
const CustomerIdSchema = v.pipe(
  v.union([v.string(), v.number()], avRequestMessages.customerIdRequired),
  v.transform((value) => String(value).trim()),
  v.nonEmpty(avRequestMessages.customerIdRequired),
  v.regex(/^[0-9]{1,15}$/, avRequestMessages.customerIdInvalid),
  v.transform(Number),
  v.minValue(1, avRequestMessages.customerIdInvalid),
);

export const AvRequestFieldsSchema = v.object({
  customerId: CustomerIdSchema,
  postalCode: v.optional(requiredText(avRequestMessages.postalCodeRequired, 10), ''),
  email: v.optional(EmailSchema, ''),
}, MISSING_FIELDS);

export const AvRequestSchema = v.object({ ...AvRequestFieldsSchema.entries, ...securityEntries }, MISSING_FIELDS);

export type AvRequestFields = v.InferOutput<typeof AvRequestFieldsSchema>;
export type AvRequest = v.InferOutput<typeof AvRequestSchema>;

export function avRequestSummary(r: AvRequestFields): SummaryLine[] {
  return summaryLines([
    ['Kundennummer', String(r.customerId)],
    ['Postleitzahl', r.postalCode],
    ['E-Mail für den Versand', r.email],
  ]);
}
