import { persistentAtom } from '@nanostores/persistent';
import * as v from 'valibot';
import { ClickDummyContactSchema, type ClickDummyContact } from '../schemas.ts';

/** Browser-storage key of the contact data the first click-dummy create asks for. */
const CLICK_DUMMY_CONTACT_KEY = 'clickDummyContact';

/** Reads the stored contact; 'null' is the stored "not given yet", anything else invalid is ignored. */
export function decodeClickDummyContact(raw: string): ClickDummyContact | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null) return null;
    const result = v.safeParse(ClickDummyContactSchema, parsed);
    if (result.success) return result.output;
  } catch {
    // Not JSON: treated like any other invalid content below.
  }
  console.warn('Gespeicherte Click-Dummy-Kontaktdaten sind beschädigt und werden ignoriert.');
  return null;
}

/**
 * The requester's name and e-mail once given (SPEC §4: later creates post directly, also after a
 * reload); null until then.
 */
export const $clickDummyContact = persistentAtom<ClickDummyContact | null>(CLICK_DUMMY_CONTACT_KEY, null, {
  encode: (contact) => JSON.stringify(contact),
  decode: decodeClickDummyContact,
});

export function saveClickDummyContact(contact: ClickDummyContact): void {
  $clickDummyContact.set(contact);
}

/** 'Kontaktdaten ändern': the next create asks again. */
export function forgetClickDummyContact(): void {
  $clickDummyContact.set(null);
}
