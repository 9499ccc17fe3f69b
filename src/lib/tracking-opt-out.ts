/**
 * The visitor's objection to reach measurement (Art. 21 DSGVO), kept in this browser.
 * The site measures nothing today; any measurement added later must call
 * `isTrackingOptedOut()` first, so an objection given now still holds then.
 */
export const TRACKING_OPT_OUT_KEY = 'tracking-opt-out';

/** The minimal slice of the Web Storage API used here; tests pass a Map-backed fake. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Only the exact stored value counts; anything else (missing, tampered) means no objection. */
export function parseTrackingOptOut(value: string | null | undefined): boolean {
  return value === 'true';
}

export function isTrackingOptedOut(storage: KeyValueStorage | undefined): boolean {
  try {
    return parseTrackingOptOut(storage?.getItem(TRACKING_OPT_OUT_KEY));
  } catch {
    // Storage blocked (privacy mode, sandbox): nothing stored, nothing measured anyway.
    return false;
  }
}

/** Returns whether the choice was stored; false when the browser blocks local storage. */
export function setTrackingOptOut(storage: KeyValueStorage | undefined, optedOut: boolean): boolean {
  if (!storage) return false;
  try {
    if (optedOut) storage.setItem(TRACKING_OPT_OUT_KEY, 'true');
    else storage.removeItem(TRACKING_OPT_OUT_KEY);
    return true;
  } catch {
    return false;
  }
}
