/**
 * The app types of the configurator (SPEC §3 "App type option", §9 credits) with the price model
 * of issue 8 (docs/decisions/0015-configurator-prices.md). Prices are net cents, one-off, part of
 * the setup cost. Credits size the hosting: every started 100 credits is one hosting unit.
 */

export const APP_TYPE_IDS = ['portal', 'timeTracking', 'shop', 'order', 'invoice', 'custom'] as const;

export type AppTypeId = (typeof APP_TYPE_IDS)[number];

/** SPEC §9: an app type without a price of its own costs 90 € net. */
export const DEFAULT_APP_TYPE_NET_CENTS = 9000;

export interface AppTypeOption {
  id: AppTypeId;
  name: string;
  credits: number;
  /** Net cents; undefined means the default price. */
  netCents?: number;
  /** 'custom' is priced individually: shown as 'auf Anfrage', never a number. */
  onRequest?: boolean;
  /** Types this one brings along: they cost nothing when this one is selected too. */
  includedForFree: readonly AppTypeId[];
}

export const APP_TYPES: readonly AppTypeOption[] = [
  { id: 'portal', name: 'Portal', credits: 20, includedForFree: [] },
  { id: 'timeTracking', name: 'Zeiterfassung', credits: 100, includedForFree: [] },
  { id: 'shop', name: 'Shop', credits: 20, includedForFree: ['order', 'invoice'] },
  { id: 'order', name: 'Bestellung', credits: 20, includedForFree: [] },
  { id: 'invoice', name: 'Rechnung', credits: 20, includedForFree: [] },
  { id: 'custom', name: 'Individuelle Anwendung', credits: 0, onRequest: true, includedForFree: [] },
];

export function appType(id: AppTypeId): AppTypeOption {
  // APP_TYPES lists every id of APP_TYPE_IDS; the unit tests check it.
  return APP_TYPES.find((option) => option.id === id)!;
}

/** A selection in the order of APP_TYPES, without duplicates: one meaning, one spelling. */
export function canonicalSelection(selection: readonly AppTypeId[]): AppTypeId[] {
  return APP_TYPE_IDS.filter((id) => selection.includes(id));
}
