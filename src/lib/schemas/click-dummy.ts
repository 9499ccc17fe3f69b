import * as v from 'valibot';
import { PROMPT_MAX_LENGTH } from './click-dummy-request.ts';
import { typableCharacters } from './fields.ts';
import { decodeStoredList } from '../stored-list.ts';

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
