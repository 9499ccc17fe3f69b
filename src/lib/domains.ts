import { durationText } from './prices/rhythm.ts';
import type { PriceEntry, PriceSource } from './prices/source.ts';

/** Pure helpers for the domain price list (/domains) and the detail pages (/domains/{tld}). */

/** '.de' for 'de': how a top-level domain is written in running text and in the table. */
export const dotted = (tld: string): string => `.${tld}`;

export interface DomainRow {
  tld: string;
  entry: PriceEntry;
  /** '1 Jahr' */
  minimumTerm: string;
  /** Gross per year: what is paid, a year in advance. */
  yearCents: number;
  /** Gross per month, for comparison only (SPEC §2 column): the yearly price / 12, rounded. */
  monthCents: number;
  /** A domain can be cancelled up to this many days before its term ends (SPEC §9: 14). */
  noticeDays: number;
  activationHours: { min: number; max: number };
}

export function domainRows(source: PriceSource): DomainRow[] {
  return source.inGroup('domains').map((entry) => {
    // The schema gives every domain entry a domain block and a yearly term.
    const { tld, activationHours } = entry.domain!;
    const term = entry.term!;
    return {
      tld,
      entry,
      minimumTerm: durationText(term.minimumMonths),
      yearCents: entry.grossCents,
      monthCents: Math.round(entry.grossCents / 12),
      noticeDays: term.noticeDays,
      activationHours,
    };
  });
}

/** The cheapest yearly price, for "Domains ab 12,00 € pro Jahr". */
export function lowestYearlyPrice(rows: readonly DomainRow[]): number {
  if (rows.length === 0) throw new Error('Die Domainpreisliste ist leer.');
  return Math.min(...rows.map((row) => row.yearCents));
}

/** A value all rows share, for the conditions stated once for every ending; undefined when they differ. */
export function shared<T>(rows: readonly DomainRow[], value: (row: DomainRow) => T): T | undefined {
  const values = new Set(rows.map((row) => JSON.stringify(value(row))));
  return values.size === 1 ? value(rows[0]!) : undefined;
}

/** The activation time over all endings: from the fastest to the slowest ('24 bis 48 Stunden'). */
export function activationRange(rows: readonly DomainRow[]): { min: number; max: number } {
  return { min: Math.min(...rows.map((row) => row.activationHours.min)), max: Math.max(...rows.map((row) => row.activationHours.max)) };
}
