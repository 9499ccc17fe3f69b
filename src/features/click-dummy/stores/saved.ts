import { persistentAtom } from '@nanostores/persistent';
import { decodeSavedClickDummies, SAVED_CLICK_DUMMIES_KEY, type SavedClickDummy } from '../schemas.ts';

/** The click dummies saved in this browser, shared by the click-dummy section and the configurator. */
export const $savedClickDummies = persistentAtom<SavedClickDummy[]>(SAVED_CLICK_DUMMIES_KEY, [], {
  encode: (list) => JSON.stringify(list),
  decode: decodeSavedClickDummies,
});

export function saveClickDummy(entry: SavedClickDummy): void {
  $savedClickDummies.set([...$savedClickDummies.get(), entry]);
}

export function removeClickDummy(id: string): void {
  $savedClickDummies.set($savedClickDummies.get().filter((entry) => entry.id !== id));
}
