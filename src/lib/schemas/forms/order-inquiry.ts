import * as v from 'valibot';
import { optionalText, requiredText } from '../fields.ts';
import { formatEuro } from '../../money.ts';
import { demoProducts } from './demo-request.ts';
import { MISSING_FIELDS, contactPersonEntries, contactPersonLines, optionLabel, options, picklistOf, securityEntries, summaryLines, type SummaryLine } from './common.ts';

/** The order inquiry of /inquiry (SPEC §3, §5, §8). */
export const orderInquiryMessages = {
  inquiryRequired: 'Beschreibung des Auftrags ist erforderlich',
  budgetInvalid: 'Bitte geben Sie das Budget als ganzen Eurobetrag ein, z. B. 5000.',
  choiceInvalid: 'Bitte wählen Sie eine der angebotenen Möglichkeiten.',
  sendFailed: 'Beim Senden der Anfrage ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
} as const;

/** The packaged applications of the demo request, then the services. */
export const orderTopics = [
  ...demoProducts,
  ...options({ custom: 'Individuelle Webanwendung', remote: 'Remote-Entwicklung und Remote Hands', hosting: 'Hosting' }),
];

export const rentalOrPurchaseOptions = options({
  undecided: 'Noch offen',
  rental: 'Miete',
  purchase: 'Kauf',
});

export const orderFeatures = options({
  login: 'Anmeldung und Benutzerkonten',
  roles: 'Benutzerverwaltung mit Rechten',
  shop: 'Warenkorb und Bestellung',
  payment: 'Online-Zahlung',
  invoices: 'Rechnungen',
  search: 'Suche und Filter',
  multilingual: 'Mehrsprachigkeit',
  api: 'Schnittstellen (API)',
  reports: 'Auswertungen und Export',
});

export const interestOptions = options({
  offer: 'Ein Angebot',
  consultation: 'Ein Beratungsgespräch',
  demo: 'Eine Demo',
});

/** Whole euros as typed ('5000', '5.000', '5 000 €'), stored as integer cents; empty means no limit given. */
const BudgetSchema = v.pipe(
  v.optional(v.union([v.string(), v.number()], orderInquiryMessages.budgetInvalid), ''),
  v.transform((value) => String(value).replace(/[\s.€]/g, '')),
  v.check((digits) => /^[0-9]{0,9}$/.test(digits), orderInquiryMessages.budgetInvalid),
  v.transform((digits) => (digits === '' ? null : Number(digits) * 100)),
);

const flag = v.optional(v.boolean(orderInquiryMessages.choiceInvalid), false);

export const OrderInquiryFieldsSchema = v.object({
  ...contactPersonEntries,
  customer_id: optionalText(50),
  inquiry: v.optional(requiredText(orderInquiryMessages.inquiryRequired, 5000), ''),
  maximum_budget: BudgetSchema,
  topic: picklistOf(orderTopics, orderInquiryMessages.choiceInvalid),
  rental_or_purchase: v.optional(picklistOf(rentalOrPurchaseOptions, orderInquiryMessages.choiceInvalid), 'undecided'),
  features: v.pipe(
    v.optional(v.array(picklistOf(orderFeatures, orderInquiryMessages.choiceInvalid), orderInquiryMessages.choiceInvalid), []),
    v.transform((features) => [...new Set(features)]),
  ),
  user_documentation: flag,
  source_code_documentation: flag,
  admin_documentation: flag,
  interested_in: v.optional(picklistOf(interestOptions, orderInquiryMessages.choiceInvalid), 'offer'),
  service_level_agreement: flag,
  bugfixing: flag,
  testing: flag,
}, MISSING_FIELDS);

export const OrderInquirySchema = v.object({ ...OrderInquiryFieldsSchema.entries, ...securityEntries }, MISSING_FIELDS);

export type OrderInquiryFields = v.InferOutput<typeof OrderInquiryFieldsSchema>;
export type OrderInquiry = v.InferOutput<typeof OrderInquirySchema>;

const yesNo = (flag: boolean) => (flag ? 'ja' : 'nein');

export function orderInquirySummary(o: OrderInquiryFields): SummaryLine[] {
  return summaryLines([
    ...contactPersonLines(o),
    ['Kundennummer', o.customer_id],
    ['Thema', optionLabel(orderTopics, o.topic)],
    ['Beschreibung des Auftrags', o.inquiry],
    ['Maximales Budget', o.maximum_budget === null ? 'keine Angabe' : formatEuro(o.maximum_budget)],
    ['Miete oder Kauf', optionLabel(rentalOrPurchaseOptions, o.rental_or_purchase)],
    ['Funktionen', o.features.map((f) => optionLabel(orderFeatures, f)).join(', ') || 'keine ausgewählt'],
    ['Benutzerdokumentation', yesNo(o.user_documentation)],
    ['Quellcode-Dokumentation', yesNo(o.source_code_documentation)],
    ['Administrationsdokumentation', yesNo(o.admin_documentation)],
    ['Service-Level-Vereinbarung', yesNo(o.service_level_agreement)],
    ['Fehlerbehebung', yesNo(o.bugfixing)],
    ['Tests', yesNo(o.testing)],
    ['Interessiert an', optionLabel(interestOptions, o.interested_in)],
  ]);
}
