/**
 * The app types of the configurator (SPEC §3 "App type option"). Their names, prices, credits and
 * what they include come from the price source (src/content/prices/app-type-*.md); the keys are
 * the values of the configurator state, so they live here, beside the state's schema.
 */

export const APP_TYPE_IDS = ['portal', 'timeTracking', 'shop', 'order', 'invoice', 'custom'] as const;

export type AppTypeId = (typeof APP_TYPE_IDS)[number];

/** A selection in the order of APP_TYPE_IDS, without duplicates: one meaning, one spelling. */
export function canonicalSelection(selection: readonly AppTypeId[]): AppTypeId[] {
  return APP_TYPE_IDS.filter((id) => selection.includes(id));
}
