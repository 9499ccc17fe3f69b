import * as v from 'valibot';

/** Browser-storage key of the saved click dummies (SPEC §3/§7: "key not shown"; named here once). */
export const SAVED_CLICK_DUMMIES_KEY = 'clickDummies';

/** A click dummy saved in this browser (SPEC §3); the configurator attaches these to its inquiry. */
export const SavedClickDummySchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  prompt: v.string(),
  /** ISO 8601, as the configurator inquiry sends it. */
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  name: v.pipe(v.string(), v.nonEmpty()),
  email: v.string(),
  trigger: v.picklist(['create', 'save']),
});

export type SavedClickDummy = v.InferOutput<typeof SavedClickDummySchema>;

/**
 * Reads the saved list. Corrupt content (not JSON, not a list) is logged and ignored (SPEC §7);
 * single entries of the wrong shape are dropped, the rest is kept.
 */
export function decodeSavedClickDummies(raw: string | null | undefined): SavedClickDummy[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    console.warn('Gespeicherte Click-Dummies sind beschädigt und werden ignoriert.', error);
    return [];
  }
  if (!Array.isArray(parsed)) {
    console.warn('Gespeicherte Click-Dummies sind keine Liste und werden ignoriert.');
    return [];
  }
  return parsed.flatMap((entry) => {
    const result = v.safeParse(SavedClickDummySchema, entry);
    return result.success ? [result.output] : [];
  });
}
