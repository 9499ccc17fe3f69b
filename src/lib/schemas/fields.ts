import * as v from 'valibot';

/** Field rules several forms share, with the German messages of SPEC §5. */

export const messages = {
  nameRequired: 'Name ist erforderlich',
  emailRequired: 'E-Mail ist erforderlich',
  emailInvalid: 'Ungültige E-Mail-Adresse',
  consentRequired: 'Bitte stimmen Sie der Datenschutzerklärung zu',
  tooLong: (max: number) => `Bitte höchstens ${max.toLocaleString('de-DE')} Zeichen eingeben.`,
} as const;

export function requiredText(required: string, max: number) {
  return v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, messages.tooLong(max)));
}

export function optionalText(max: number) {
  return v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, messages.tooLong(max))), '');
}

export const EmailSchema = v.pipe(
  v.string(messages.emailRequired),
  v.trim(),
  v.nonEmpty(messages.emailRequired),
  v.maxLength(254, messages.emailInvalid),
  v.email(messages.emailInvalid),
);

export const ConsentSchema = v.literal(true, messages.consentRequired);
