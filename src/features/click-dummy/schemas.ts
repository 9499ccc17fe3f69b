import * as v from 'valibot';
import { EmailSchema, messages, requiredText, typableCharacters } from '../../lib/schemas/fields.ts';
import { decodeStoredList } from '../../lib/stored-list.ts';

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

/** Browser-storage key of the saved click dummies (SPEC §3/§7: "key not shown"; named here once). */
export const SAVED_CLICK_DUMMIES_KEY = 'clickDummies';

/**
 * A click dummy saved in this browser (SPEC §3); the configurator attaches these to its inquiry,
 * so the server stores what the browser kept: the same bounds and characters as the request that
 * created it (docs/decisions/0021-robustness.md).
 */
export const SavedClickDummySchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100), typableCharacters()),
  prompt: v.pipe(v.string(), v.maxLength(PROMPT_MAX_LENGTH), typableCharacters()),
  /** ISO 8601, as the configurator inquiry sends it. */
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  name: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200), typableCharacters()),
  email: v.pipe(v.string(), v.maxLength(254), typableCharacters()),
  trigger: v.picklist(['create', 'save']),
});

export type SavedClickDummy = v.InferOutput<typeof SavedClickDummySchema>;

/**
 * Reads the saved list. Corrupt content (not JSON, not a list) is logged and ignored (SPEC §7);
 * single entries of the wrong shape are dropped, the rest is kept.
 */
export function decodeSavedClickDummies(raw: string | null | undefined): SavedClickDummy[] {
  return decodeStoredList(raw, SavedClickDummySchema, (problem) => {
    if (problem.reason === 'not-json') console.warn('Gespeicherte Click-Dummies sind beschädigt und werden ignoriert.', problem.error);
    else console.warn('Gespeicherte Click-Dummies sind keine Liste und werden ignoriert.');
  });
}
