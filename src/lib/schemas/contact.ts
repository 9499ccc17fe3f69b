import * as v from 'valibot';
import { CaptchaInputSchema, HashcashSolutionsSchema } from './security.ts';
import { EmailSchema, optionalText, requiredText, messages } from './fields.ts';

/** The landing page's contact form (SPEC §3, §5): the form validates with it, /api/inquiry again. */
export const contactMessages = {
  messageRequired: 'Nachricht ist erforderlich',
  sendFailed: 'Beim Senden der Nachricht ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
} as const;

export const ContactFieldsSchema = v.object({
  name: requiredText(messages.nameRequired, 200),
  email: EmailSchema,
  subject: optionalText(200),
  message: requiredText(contactMessages.messageRequired, 5000),
});

export const ContactInquirySchema = v.object({
  ...ContactFieldsSchema.entries,
  captcha: CaptchaInputSchema,
  hashcash_solutions: HashcashSolutionsSchema,
});

export type ContactFields = v.InferOutput<typeof ContactFieldsSchema>;
export type ContactInquiry = v.InferOutput<typeof ContactInquirySchema>;
