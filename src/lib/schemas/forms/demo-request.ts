import * as v from 'valibot';
import { requiredText } from '../fields.ts';
import { germanDate } from '../../forms/dates.ts';
import { MISSING_FIELDS, contactPersonEntries, contactPersonLines, OptionalFutureDateSchema, optionLabel, options, picklistOf, securityEntries, summaryLines, type SummaryLine } from './common.ts';

/** The demo request (issue 10): name, e-mail, company, the product of interest, an optional preferred date. */
export const demoRequestMessages = {
  companyRequired: 'Firma ist erforderlich',
  productRequired: 'Bitte wählen Sie das Produkt, das Sie testen möchten.',
  sendFailed: 'Beim Senden der Anfrage ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
} as const;

/** A demo shows one of the packaged applications; an order inquiry names them among its topics. */
export const demoProducts = options({
  portal: 'Online-Portal',
  catalogue: 'Produktkatalog mit Shop',
  timetracking: 'Zeiterfassung',
  backoffice: 'Backoffice und Buchhaltung',
});

export const DemoRequestFieldsSchema = v.object({
  ...contactPersonEntries,
  company: v.optional(requiredText(demoRequestMessages.companyRequired, 200), ''),
  product: picklistOf(demoProducts, demoRequestMessages.productRequired),
  preferred_date: OptionalFutureDateSchema,
}, MISSING_FIELDS);

export const DemoRequestSchema = v.object({ ...DemoRequestFieldsSchema.entries, ...securityEntries }, MISSING_FIELDS);

export type DemoRequestFields = v.InferOutput<typeof DemoRequestFieldsSchema>;
export type DemoRequest = v.InferOutput<typeof DemoRequestSchema>;

export function demoRequestSummary(r: DemoRequestFields): SummaryLine[] {
  return summaryLines([
    ...contactPersonLines(r),
    ['Firma', r.company],
    ['Produkt', optionLabel(demoProducts, r.product)],
    ['Wunschtermin', r.preferred_date ? germanDate(r.preferred_date) : 'keiner angegeben'],
  ]);
}
