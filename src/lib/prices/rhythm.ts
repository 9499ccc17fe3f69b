import type { PriceUnit, Term } from '../schemas/price-source.ts';

/**
 * When an item is paid (PAngV §§ 3, 6; Art. 246a § 1 Abs. 1 Nr. 5 EGBGB): once — a one-off
 * service or hours bought — or every few months in advance, as the AGB (§ 4) say contracts with
 * a term are paid. Amounts of different rhythms are never added into one figure.
 */
export type Rhythm = { kind: 'once' } | { kind: 'recurring'; everyMonths: number };

const UNIT_MONTHS: Readonly<Record<'month' | 'year', number>> = { month: 1, year: 12 };

export function rhythmOf(unit: PriceUnit, term: Term | undefined): Rhythm {
  return unit === 'month' || unit === 'year' ? { kind: 'recurring', everyMonths: term?.billingMonths ?? UNIT_MONTHS[unit] } : { kind: 'once' };
}

/** How many price units one payment covers: 6 for a monthly price paid per 6 months, 1 otherwise. */
export function unitsPerPayment(unit: PriceUnit, term: Term | undefined): number {
  return unit === 'month' || unit === 'year' ? (term?.billingMonths ?? UNIT_MONTHS[unit]) / UNIT_MONTHS[unit] : 1;
}

/** '1 Monat', '6 Monate', '1 Jahr', '2 Jahre', '18 Monate'. */
export function durationText(months: number): string {
  if (months % 12 === 0) return months === 12 ? '1 Jahr' : `${months / 12} Jahre`;
  return months === 1 ? '1 Monat' : `${months} Monate`;
}

/** How a recurring amount is named: 'monatlich', 'je 6 Monate', 'jährlich', 'je 2 Jahre'. */
export function everyText(everyMonths: number): string {
  if (everyMonths === 1) return 'monatlich';
  if (everyMonths === 12) return 'jährlich';
  return `je ${durationText(everyMonths)}`;
}

/** When the second payment of a rhythm is due: 'ab dem 2. Monat', 'ab dem 7. Monat', 'ab dem 2. Jahr'. */
export function secondPaymentText(everyMonths: number): string {
  return everyMonths % 12 === 0 ? `ab dem ${everyMonths / 12 + 1}. Jahr` : `ab dem ${everyMonths + 1}. Monat`;
}

/** What one unit price is per: 'pro Stunde', 'pro Monat', 'pro Jahr', 'einmalig'. */
export const UNIT_LABEL: Readonly<Record<PriceUnit, string>> = {
  hour: 'pro Stunde',
  once: 'einmalig',
  month: 'pro Monat',
  year: 'pro Jahr',
};

/**
 * The rhythm of a line in words, next to its unit price: 'einmalig zu zahlen', 'gebuchte
 * Stunden, einmalig zu zahlen', 'im Voraus je 6 Monate', 'monatlich im Voraus', 'jährlich im Voraus'.
 */
export function paymentText(rhythm: Rhythm, unit: PriceUnit): string {
  if (rhythm.kind === 'once') return unit === 'hour' ? 'gebuchte Stunden, einmalig zu zahlen' : 'einmalig zu zahlen';
  return rhythm.everyMonths === 1 || rhythm.everyMonths === 12 ? `${everyText(rhythm.everyMonths)} im Voraus` : `im Voraus ${everyText(rhythm.everyMonths)}`;
}
