import * as v from 'valibot';
import { EmailSchema, messages, requiredText } from './fields.ts';

/** What set a click-dummy request off (SPEC §3): the create button/Enter, or saving it. */
export const CLICK_DUMMY_TRIGGERS = ['create', 'save'] as const;
export type ClickDummyTrigger = (typeof CLICK_DUMMY_TRIGGERS)[number];

export const CLICK_DUMMY_TRIGGER_LABEL: Readonly<Record<ClickDummyTrigger, string>> = { create: 'Erstellen', save: 'Speichern' };

const clickDummyMessages = {
  promptRequired: 'Bitte beschreiben Sie Ihre Anwendung.',
  triggerInvalid: 'Unbekannter Auslöser.',
} as const;

/** The longest prompt accepted; far above the template prompts (about 700 characters). */
export const PROMPT_MAX_LENGTH = 5000;

/**
 * A missing key is checked like an empty value, so it gets the field's German message instead
 * of valibot's English "Invalid key" text.
 */
function required<S extends v.GenericSchema<unknown, unknown>>(schema: S) {
  return v.optional(schema, '');
}

/**
 * The contact data the first-create dialog asks for (SPEC §5: name and e-mail both non-blank).
 * The dialog validates with it, and the request schema below reuses it.
 */
export const ClickDummyContactSchema = v.object({
  name: required(requiredText(messages.nameRequired, 200)),
  email: required(EmailSchema),
});

export type ClickDummyContact = v.InferOutput<typeof ClickDummyContactSchema>;

/** POST /api/clickdummy (SPEC §7): the island sends it, the function validates it again. */
export const ClickDummyRequestSchema = v.object({
  ...ClickDummyContactSchema.entries,
  message: required(requiredText(clickDummyMessages.promptRequired, PROMPT_MAX_LENGTH)),
  trigger: required(v.picklist(CLICK_DUMMY_TRIGGERS, clickDummyMessages.triggerInvalid)),
});

export type ClickDummyRequest = v.InferOutput<typeof ClickDummyRequestSchema>;
