import * as v from 'valibot';
import { EmailSchema, optionalText, requiredText } from '../fields.ts';
import { MISSING_FIELDS, captchaEntries, dateMessages, isUsableDate, optionLabel, options, summaryLines, type SummaryLine } from './common.ts';

/**
 * The cancellation form of § 312k BGB (SPEC §3, §4, §5): the island validates with it and
 * POST /api/forms/cancellation again. Only what the law lets us ask for is required: the
 * contract, who cancels, and where the confirmation goes (plus the captcha).
 */
export const cancellationMessages = {
  contractRequired: 'Bezeichnung des Vertrags ist erforderlich',
  typeRequired: 'Bitte wählen Sie die Art der Kündigung.',
  endRequired: 'Bitte wählen Sie, zu wann Sie kündigen.',
  endDateRequired: 'Bitte geben Sie das gewünschte Vertragsende ein.',
  firstnameRequired: 'Vorname ist erforderlich',
  lastnameRequired: 'Nachname ist erforderlich',
  contractUnknown: 'Diesen Vertrag finden wir in Ihrem Kundenkonto nicht.',
  contractEnded: 'Dieser Vertrag ist bereits gekündigt.',
  sendFailed: 'Beim Senden der Kündigung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut oder kontaktieren Sie den Support.',
} as const;

export const cancellationTypes = options({
  regular: 'Ordentliche Kündigung',
  extraordinary: 'Außerordentliche Kündigung',
});

/** 'select' is the untouched select: like 'asap', the earliest possible date applies. */
export const contractEndOptions = options({
  select: 'Bitte wählen (nächstmöglicher Termin)',
  asap: 'Zum nächstmöglichen Zeitpunkt',
  date: 'Zu einem bestimmten Datum',
});

/** The declaration itself: the same for visitors and for logged-in customers. */
const declarationEntries = {
  contract_name: v.optional(requiredText(cancellationMessages.contractRequired, 200), ''),
  type_of_cancellation: v.picklist(['regular', 'extraordinary'], cancellationMessages.typeRequired),
  cancellation_reason: optionalText(2000),
  end_of_contract_period: v.optional(v.picklist(['select', 'asap', 'date'], cancellationMessages.endRequired), 'select'),
  end_of_contract_period_date: optionalText(10),
  customer_id: optionalText(50),
  order_id: optionalText(50),
  /** The contract chosen in the customer area ('V-000042'). */
  contract_number: optionalText(20),
  annotation: optionalText(2000),
};

/**
 * A visitor names themselves and where the receipt goes. The postal address is optional: the
 * declaration needs no more than the name to say who cancels (§ 312k Abs. 2 BGB), the address
 * only helps to find the contract.
 */
const visitorEntries = {
  firstname: v.optional(requiredText(cancellationMessages.firstnameRequired, 100), ''),
  lastname: v.optional(requiredText(cancellationMessages.lastnameRequired, 100), ''),
  street: optionalText(200),
  street_extra: optionalText(200),
  postcode: optionalText(10),
  locality: optionalText(100),
  country: optionalText(100),
  email: v.optional(EmailSchema, ''),
};

type ContractEnd = (typeof contractEndOptions)[number]['value'];
type EndFields = { end_of_contract_period: ContractEnd; end_of_contract_period_date: string };

/** The message for the date field, which counts only when "Zu einem bestimmten Datum" is chosen. */
function endDateError(fields: EndFields): string | undefined {
  if (fields.end_of_contract_period !== 'date') return undefined;
  if (fields.end_of_contract_period_date === '') return cancellationMessages.endDateRequired;
  const usable = isUsableDate(fields.end_of_contract_period_date);
  return usable === 'ok' ? undefined : dateMessages[usable];
}

/** A check across fields, reported on `field` like a field error. */
function crossFieldRule<T extends object>(field: keyof T & string, message: (value: T) => string | undefined) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    // Only when the fields involved passed their own checks; otherwise those errors show.
    if (!dataset.typed) return;
    const text = message(dataset.value);
    if (text) {
      addIssue({
        message: text,
        path: [{ type: 'object', origin: 'value', input: dataset.value as Record<string, unknown>, key: field, value: dataset.value[field] }],
      });
    }
  });
}

function endDateRule<T extends EndFields>() {
  return crossFieldRule<T>('end_of_contract_period_date', endDateError);
}

const VisitorFieldsObject = v.object({ ...declarationEntries, ...visitorEntries }, MISSING_FIELDS);
const VisitorObject = v.object({ ...declarationEntries, ...visitorEntries, ...captchaEntries }, MISSING_FIELDS);
const CustomerObject = v.object(declarationEntries, MISSING_FIELDS);

/** The fields a visitor fills in (the form validates with it on every change). */
export const CancellationFieldsSchema = v.pipe(VisitorFieldsObject, endDateRule<v.InferOutput<typeof VisitorFieldsObject>>());

/** POST /api/forms/cancellation from a visitor: the fields plus the captcha. */
export const CancellationSchema = v.pipe(VisitorObject, endDateRule<v.InferOutput<typeof VisitorObject>>());

/**
 * A logged-in customer (SPEC §6) is identified by the session: only the declaration, no
 * address, no security check; the receipt goes to the account's e-mail address.
 */
export const CustomerCancellationSchema = v.pipe(CustomerObject, endDateRule<v.InferOutput<typeof CustomerObject>>());

export type CancellationFields = v.InferOutput<typeof CancellationFieldsSchema>;
export type Cancellation = v.InferOutput<typeof CancellationSchema>;
export type CustomerCancellation = v.InferOutput<typeof CustomerCancellationSchema>;

/** The declaration as the receipt page and the receipt mail show it. */
export function cancellationSummary(
  declaration: CustomerCancellation & Partial<Omit<CancellationFields, keyof CustomerCancellation>>,
  account?: string,
): SummaryLine[] {
  const d = declaration;
  const end = d.end_of_contract_period === 'date' ? d.end_of_contract_period_date : 'zum nächstmöglichen Zeitpunkt';
  return summaryLines([
    ['Vertrag', d.contract_name],
    ['Kundennummer', d.customer_id],
    ['Auftrags- oder Vertragsnummer', d.order_id],
    ['Art der Kündigung', optionLabel(cancellationTypes, d.type_of_cancellation)],
    d.type_of_cancellation === 'extraordinary' && ['Kündigungsgrund', d.cancellation_reason],
    // What the customer asked for; the end that applies follows from the contract (or, for an
    // extraordinary cancellation, from the agent's decision) and is named apart from it.
    ['Gewünschtes Vertragsende', end],
    account !== undefined && ['Kundenkonto', account],
    ['Name', [d.firstname, d.lastname].filter(Boolean).join(' ')],
    ['Anschrift', [d.street, d.street_extra, [d.postcode, d.locality].filter(Boolean).join(' '), d.country].filter(Boolean).join(', ')],
    ['E-Mail', d.email ?? ''],
    ['Anmerkung', d.annotation],
  ]);
}
