import * as v from 'valibot';
import { isoFromGermanDate, todayIso } from '../../forms/dates.ts';
import { EmailSchema, messages, requiredText } from '../fields.ts';
import { CaptchaInputSchema, HashcashSolutionsSchema } from '../security.ts';

/** Parts the legal and request forms share. */

export const DATE_PLACEHOLDER = 'DD.MM.YYYY';

export const dateMessages = {
  invalid: 'Bitte geben Sie ein gültiges Datum im Format DD.MM.YYYY ein.',
  past: 'Das Datum darf nicht in der Vergangenheit liegen.',
} as const;

/** A typed day that exists and is not before today (in Germany); '' passes (nothing chosen). */
export function isUsableDate(text: string): 'ok' | 'invalid' | 'past' {
  if (text.trim() === '') return 'ok';
  const iso = isoFromGermanDate(text);
  if (!iso) return 'invalid';
  return iso < todayIso() ? 'past' : 'ok';
}

/** An optional future date typed as DD.MM.YYYY; the output is the ISO day or null. */
export const OptionalFutureDateSchema = v.pipe(
  v.optional(v.string(dateMessages.invalid), ''),
  v.trim(),
  v.maxLength(10, dateMessages.invalid),
  v.check((text) => isUsableDate(text) !== 'invalid', dateMessages.invalid),
  v.check((text) => isUsableDate(text) !== 'past', dateMessages.past),
  v.transform((text) => (text === '' ? null : isoFromGermanDate(text))),
);

/**
 * What a declaration (cancellation, withdrawal) sends besides its fields: the captcha only. A
 * declaration must not depend on a script solving a proof of work (decision 0033); the rate
 * limits of its endpoint stay.
 */
export const captchaEntries = {
  captcha: v.optional(CaptchaInputSchema, ''),
};

/** What every other public form sends besides its fields: captcha and proof of work (SPEC §3, §5). */
export const securityEntries = {
  ...captchaEntries,
  hashcash_solutions: v.optional(HashcashSolutionsSchema, []),
};

/** Who sends a request or declaration: the name and the address the receipt goes to. */
export const contactPersonEntries = {
  name: v.optional(requiredText(messages.nameRequired, 200), ''),
  email: v.optional(EmailSchema, ''),
};

/** The contact person as the receipt and the mails list them. */
export function contactPersonLines(person: { name: string; email: string }): SummaryLine[] {
  return [
    ['Name', person.name],
    ['E-Mail', person.email],
  ];
}

/**
 * Text fields are declared optional with '' as default so that a missing one gets its own
 * German message ('… ist erforderlich'); other missing keys get this one from the object.
 */
export const MISSING_FIELDS = 'Bitte füllen Sie alle Pflichtfelder aus.';

/** A choice's options, value → label, in the order the form shows them. */
export function options<const Labels extends Record<string, string>>(labels: Labels): { value: keyof Labels & string; label: string }[] {
  return Object.entries(labels).map(([value, label]) => ({ value: value as keyof Labels & string, label }));
}

/** A choice among fixed options, with the labels the form shows and the mails repeat. */
export function optionLabel<T extends string>(options: readonly { value: T; label: string }[], value: T): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

export function picklistOf<T extends string>(options: readonly { value: T; label: string }[], message: string) {
  return v.picklist(
    options.map((option) => option.value),
    message,
  );
}

/** The content of a declaration as label/value lines: the receipt page and the mails show the same. */
export type SummaryLine = readonly [label: string, value: string];

/** Drops lines without a value (optional fields left empty). */
export function summaryLines(lines: readonly (SummaryLine | false | undefined)[]): SummaryLine[] {
  return lines.filter((line): line is SummaryLine => Boolean(line) && (line as SummaryLine)[1].trim() !== '');
}

/** What every form endpoint answers on success (201); some add more, e.g. a computed date. */
export interface FormAnswer {
  id: number;
  receivedAt: string;
  /** False when the daily cap per recipient held the receipt mail back (decision 0042). */
  confirmationMailed: boolean;
}

/** The heading and lead of a receipt page. */
export interface ReceiptText {
  title: string;
  lead: string;
}

/**
 * What a receipt page says about the receipt mail. The server holds it back when the address has
 * already had the day's most mails carrying visitor-typed text (decisions 0040, 0042): then the
 * page says so and that the company sends it after a look, instead of claiming a mail that never went.
 */
export function receiptMailSentence(confirmationMailed: boolean, recipient: string): string {
  return confirmationMailed
    ? `Wir haben Ihnen eine Eingangsbestätigung an ${recipient} gesendet.`
    : `An ${recipient} haben wir heute schon mehrere E-Mails gesendet. Zum Schutz dieser Adresse vor Missbrauch geht die Eingangsbestätigung nicht automatisch hinaus: Wir senden sie Ihnen, sobald wir den Eingang geprüft haben. Bitte drucken oder speichern Sie diese Seite als Nachweis.`;
}
