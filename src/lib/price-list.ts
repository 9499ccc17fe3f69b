import { PRICE_GROUP_TEXT } from './prices/groups.ts';
import { unitsPerPayment } from './prices/rhythm.ts';
import type { PriceEntry, PriceSource } from './prices/source.ts';
import type { PriceGroup, PriceUnit, Term } from './schemas/price-source.ts';

/**
 * The view model of /preisliste: every entry of the price source but the domains (they have their
 * own page), grouped, with both prices of a unit and, for a contract, what one payment in advance
 * costs. Nothing here holds a number of its own, so the price list cannot disagree with the shop.
 */

interface PriceListRow {
  id: string;
  name: string;
  description: string;
  /** What the row includes beyond what its section states once for all rows. */
  details: string[];
  grossCents: number;
  netCents: number;
  vatPercent: number;
  unit: PriceUnit;
  /** Priced individually ('auf Anfrage'): no amount is shown. */
  onRequest: boolean;
  term: Term | undefined;
  /** Gross amount of one payment in advance (term price), for contracts; undefined otherwise. */
  paymentGrossCents: number | undefined;
  moreInfoLink: string | undefined;
}

export interface PriceListSection {
  id: PriceGroup;
  title: string;
  description: string;
  /** Features every row of the section shares, stated once above its table. */
  included: string[];
  rows: PriceListRow[];
}

/** The features all given entries share, in the order of the first one. */
export function sharedFeatures(entries: readonly Pick<PriceEntry, 'features'>[]): string[] {
  const [first, ...rest] = entries;
  if (!first) return [];
  return first.features.filter((feature) => rest.every((entry) => entry.features.includes(feature)));
}

function appTypeDetails(entry: PriceEntry, source: PriceSource): string[] {
  const type = entry.appType!;
  const included = type.includes.map((key) => source.appType(key).name);
  return [`${type.credits} Credits für die Hosting-Größe`, ...(included.length > 0 ? [`inklusive ${included.join(' und ')}`] : [])];
}

function toRow(entry: PriceEntry, hidden: readonly string[], source: PriceSource): PriceListRow {
  return {
    id: entry.id,
    name: entry.name,
    description: entry.description,
    details: entry.appType ? appTypeDetails(entry, source) : entry.features.filter((feature) => !hidden.includes(feature)),
    grossCents: entry.grossCents,
    netCents: entry.netCents,
    vatPercent: entry.vatPercent,
    unit: entry.unit,
    onRequest: entry.onRequest,
    term: entry.term,
    paymentGrossCents: entry.term && entry.grossCents * unitsPerPayment(entry.unit, entry.term),
    moreInfoLink: entry.offer?.moreInfoLink,
  };
}

export function buildPriceList(source: PriceSource): PriceListSection[] {
  const groups = [...new Set(source.entries.map((entry) => entry.group))].filter((group) => group !== 'domains');
  return groups.map((group) => {
    const entries = source.inGroup(group);
    // What every web-application package includes (50 GB, 15 domains, 99 %, demo) is read from
    // the packages themselves, so a changed package feature changes the sentence above the table.
    const included = group === 'webapp-pakete' && entries.length > 1 ? sharedFeatures(entries) : [];
    return { id: group, ...PRICE_GROUP_TEXT[group], included, rows: entries.map((entry) => toRow(entry, included, source)) };
  });
}
