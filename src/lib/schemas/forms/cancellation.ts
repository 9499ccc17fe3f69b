import * as v from 'valibot';
import { EmailSchema, optionalText, requiredText } from '../fields.ts';
import { germanDate } from '../../forms/dates.ts';
import { MISSING_FIELDS, captchaEntries, dateMessages, isUsableDate, optionLabel, options, receiptMailSentence, summaryLines, type ReceiptText, type SummaryLine } from './common.ts';

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
  identityUnknown: 'Dieser Bestätigungslink ist ungültig. Bitte verwenden Sie den vollständigen Link aus unserer E-Mail.',
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
    ['Vertragsende', end],
    account !== undefined && ['Kundenkonto', account],
    ['Name', [d.firstname, d.lastname].filter(Boolean).join(' ')],
    ['Anschrift', [d.street, d.street_extra, [d.postcode, d.locality].filter(Boolean).join(' '), d.country].filter(Boolean).join(', ')],
    ['E-Mail', d.email ?? ''],
    ['Anmerkung', d.annotation],
  ]);
}

const IDENTITY_LINK =
  'Darin können Sie mit einem Link bestätigen, dass die Kündigung von Ihnen stammt – das ist freiwillig, die Kündigung gilt auch ohne diese Bestätigung.';

function cancellationReceiptText(recipient: string, identityLink: boolean, confirmationMailed: boolean): ReceiptText {
  return {
    title: 'Ihre Kündigung ist bei uns eingegangen',
    lead: [
      'Ihre Kündigung ist mit dem Eingang bei uns wirksam.',
      receiptMailSentence(confirmationMailed, recipient),
      identityLink && confirmationMailed && IDENTITY_LINK,
      'Sobald wir sie bearbeitet haben, bestätigen wir Ihnen das Vertragsende per E-Mail.',
    ]
      .filter(Boolean)
      .join(' '),
  };
}

/** The receipt page's heading and lead for a visitor, with and without JavaScript; the mail says the same. */
export function cancellationReceipt(email: string, confirmationMailed: boolean): ReceiptText {
  return cancellationReceiptText(email.trim(), true, confirmationMailed);
}

/**
 * The same for a signed-in customer (the cancellation page and a contract in the customer area):
 * the receipt goes to the account's address, with the identity link while it is not confirmed.
 */
export function customerCancellationReceipt(emailVerified: boolean, confirmationMailed: boolean): ReceiptText {
  return cancellationReceiptText('die E-Mail-Adresse Ihres Kundenkontos', !emailVerified, confirmationMailed);
}

/** The contract a cancellation was matched to on receipt, as the server answers it. */
export interface CancelledContract {
  contractNumber: string;
  name: string;
  /** The last day, computed by src/lib/contracts/ends.ts on receipt. */
  endsOn: string;
}

/**
 * The end the receipt page and the receipt mail name: the concrete date when the cancellation
 * names one of the sender's contracts, otherwise that the date follows.
 */
export function contractEndLines(contract: CancelledContract | null): SummaryLine[] {
  return contract
    ? [
        ['Gekündigter Vertrag', `${contract.name} (Vertragsnummer ${contract.contractNumber})`],
        ['Der Vertrag endet am', germanDate(contract.endsOn)],
      ]
    : [['Der Vertrag endet am', 'Das genaue Datum teilen wir Ihnen mit, sobald wir Ihre Kündigung dem Vertrag zugeordnet haben.']];
}

/** The identity link's token (32 random bytes, base64url), posted by the confirmation page. */
export const CancellationIdentitySchema = v.object({
  token: v.pipe(v.string(cancellationMessages.identityUnknown), v.regex(/^[A-Za-z0-9_-]{43}$/, cancellationMessages.identityUnknown)),
}, MISSING_FIELDS);
