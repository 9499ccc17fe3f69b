import * as v from 'valibot';
import { EmailSchema, messages, requiredText } from '../fields.ts';
import { germanDate } from '../../forms/dates.ts';
import { MISSING_FIELDS, OptionalFutureDateSchema, optionLabel, picklistOf, securityEntries, summaryLines, type SummaryLine } from './common.ts';

/** The demo request (issue 10): name, e-mail, company, the product of interest, an optional preferred date. */
export const demoRequestMessages = {
  companyRequired: 'Firma ist erforderlich',
  productRequired: 'Bitte wählen Sie das Produkt, das Sie testen möchten.',
  sendFailed: 'Beim Senden der Anfrage ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
} as const;

export const demoProducts = [
  { value: 'portal', label: 'Online-Portal' },
  { value: 'catalogue', label: 'Produktkatalog mit Shop' },
  { value: 'timetracking', label: 'Zeiterfassung' },
  { value: 'backoffice', label: 'Backoffice und Buchhaltung' },
] as const;

export const DemoRequestFieldsSchema = v.object({
  name: v.optional(requiredText(messages.nameRequired, 200), ''),
  email: v.optional(EmailSchema, ''),
  company: v.optional(requiredText(demoRequestMessages.companyRequired, 200), ''),
  product: picklistOf(demoProducts, demoRequestMessages.productRequired),
  preferred_date: OptionalFutureDateSchema,
}, MISSING_FIELDS);

export const DemoRequestSchema = v.object({ ...DemoRequestFieldsSchema.entries, ...securityEntries }, MISSING_FIELDS);

export type DemoRequestFields = v.InferOutput<typeof DemoRequestFieldsSchema>;
export type DemoRequest = v.InferOutput<typeof DemoRequestSchema>;

export function demoRequestSummary(r: DemoRequestFields): SummaryLine[] {
  return summaryLines([
    ['Name', r.name],
    ['E-Mail', r.email],
    ['Firma', r.company],
    ['Produkt', optionLabel(demoProducts, r.product)],
    ['Wunschtermin', r.preferred_date ? germanDate(r.preferred_date) : 'keiner angegeben'],
  ]);
}
