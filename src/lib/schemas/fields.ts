import * as v from 'valibot';

/** Field rules several forms share, with the German messages of SPEC §5. */

export const messages = {
  nameRequired: 'Name ist erforderlich',
  emailRequired: 'E-Mail ist erforderlich',
  emailInvalid: 'Ungültige E-Mail-Adresse',
  tooLong: (max: number) => `Bitte höchstens ${max.toLocaleString('de-DE')} Zeichen eingeben.`,
  invalidCharacters: 'Der Text enthält unzulässige Steuerzeichen. Bitte entfernen Sie sie.',
} as const;

/**
 * Characters no visitor types and no text of ours needs (docs/decisions/0021-robustness.md):
 * control characters other than tab and line breaks (PostgreSQL cannot even store NUL), lone
 * surrogate halves (not Unicode: they turn into U+FFFD on the way to the database, so the stored
 * text would differ from the checked one) and the bidirectional embeddings, overrides and isolates
 * that make a text read differently from what it contains. Zero-width joiners stay allowed: emoji
 * and scripts need them. Line breaks stay too: the mails put user text into a header only as one line.
 */
const FORBIDDEN_CHARACTERS = /(?![\t\n\r])\p{Cc}|[\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

/** True when the text holds only characters a person can have typed into a form field. */
export function hasOnlyTypableCharacters(text: string): boolean {
  return !FORBIDDEN_CHARACTERS.test(text);
}

export function typableCharacters() {
  return v.check((text: string) => hasOnlyTypableCharacters(text), messages.invalidCharacters);
}

export function requiredText(required: string, max: number) {
  return v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, messages.tooLong(max)), typableCharacters());
}

export function optionalText(max: number) {
  return v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, messages.tooLong(max)), typableCharacters()), '');
}

export const EmailSchema = v.pipe(
  v.string(messages.emailRequired),
  v.trim(),
  v.nonEmpty(messages.emailRequired),
  v.maxLength(254, messages.emailInvalid),
  v.email(messages.emailInvalid),
);
