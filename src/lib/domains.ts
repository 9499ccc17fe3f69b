import type { DomainPrice } from './schemas/domains.ts';

/** Pure helpers for the domain price list (/domains) and the detail pages (/domains/{tld}). */

/** '.de' for 'de': how a top-level domain is written in running text and in the table. */
export const dotted = (tld: string): string => `.${tld}`;

/** '1 Jahr', '2 Jahre'. */
export const formatYears = (years: number): string => `${years} ${years === 1 ? 'Jahr' : 'Jahre'}`;

/** The cheapest yearly price, for "Domains ab 12,00 € pro Jahr". */
export function lowestYearlyPrice(rows: readonly DomainPrice[]): number {
  if (rows.length === 0) throw new Error('Die Domainpreisliste ist leer.');
  return Math.min(...rows.map((row) => row.priceYear));
}
