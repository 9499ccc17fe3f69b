import { formatEuro, formatVatPercent } from '../money.ts';
import type { WebappFacts } from '../schemas/price-source.ts';
import { durationText, everyText, UNIT_LABEL, unitsPerPayment } from './rhythm.ts';
import type { PriceEntry, PriceSource } from './source.ts';

/**
 * The web-application packages as figures (the `webapp` block of their price entries): the
 * feature lines they must carry, and the rows of the comparison table on /webapp. Every figure
 * comes from the entry, so the table, the cards and the checkout never disagree.
 */

const percent = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/**
 * The German words for each figure, one place for the feature lines, the comparison, the cards of
 * /webapp and the landing page: '50 GB Speicherplatz', 'bis zu 15 Domains', '99 % Verfügbarkeit',
 * 'kostenlose Demo bis zu 3 Monate'.
 */
export const webappFactText = {
  storage: (storageGb: number) => `${storageGb} GB Speicherplatz`,
  domains: (domains: number) => `bis zu ${domains} Domains`,
  availability: (availabilityPercent: number) => `${percent.format(availabilityPercent)} % Verfügbarkeit`,
  demo: (demoMonths: number) => `kostenlose Demo bis zu ${demoMonths} Monate`,
} as const;

/** The feature lines each fact needs, in German. */
function featureTexts(facts: WebappFacts): string[] {
  return [
    webappFactText.storage(facts.storageGb),
    webappFactText.domains(facts.domains),
    webappFactText.availability(facts.availabilityPercent),
    webappFactText.demo(facts.demoMonths),
    ...(facts.supportHoursPerMonth > 0 ? [`${facts.supportHoursPerMonth} Supportstunden pro Monat inklusive`] : []),
    ...(facts.customers === undefined ? [] : [`${facts.customers} Kunden`]),
  ];
}

/** The feature lines an entry lacks for its figures: the schema refuses an entry whose words and figures differ. */
export function missingWebappFeatures(facts: WebappFacts, features: readonly string[]): string[] {
  return featureTexts(facts).filter((text) => !features.includes(text));
}

/** A package that has its figures. */
export type WebappEntry = PriceEntry & { webapp: WebappFacts; term: NonNullable<PriceEntry['term']> };

/** The entry's figures; a package without them cannot stand in the comparison, which fails the build. */
export function requireWebappFacts(entry: PriceEntry): WebappEntry {
  if (!entry.webapp || !entry.term) throw new Error(`${entry.id}: Für den Paketvergleich fehlen webapp (Speicher, Domains, …) oder term in src/content/prices/${entry.id}.md.`);
  return entry as WebappEntry;
}

/** The figures every package includes, as /webapp and the landing page state them. */
export interface IncludedInEveryPackage {
  storageGb: number;
  domains: number;
  availabilityPercent: number;
  demoMonths: number;
}

/**
 * What every package includes: for each figure the smallest any package has, so "in jedem Paket
 * enthalten" stays true for each of them when one package is given less. Without packages there is
 * nothing to promise, which fails the build instead of printing an empty figure.
 */
export function includedInEveryPackage(entries: readonly WebappEntry[]): IncludedInEveryPackage {
  if (entries.length === 0) throw new Error('Keine Webapp-Pakete mit webapp-Angaben in src/content/prices: „In jedem Paket enthalten“ hätte keine Zahlen.');
  const least = (figure: (facts: WebappFacts) => number) => Math.min(...entries.map((entry) => figure(entry.webapp)));
  return {
    storageGb: least((facts) => facts.storageGb),
    domains: least((facts) => facts.domains),
    availabilityPercent: least((facts) => facts.availabilityPercent),
    demoMonths: least((facts) => facts.demoMonths),
  };
}

/** The packages of a price source with their figures (every entry of the group must have them). */
export function webappEntries(source: PriceSource): WebappEntry[] {
  return source.inGroup('webapp-pakete').map(requireWebappFacts);
}

const headline = (text: string) => text.charAt(0).toLocaleUpperCase('de-DE') + text.slice(1);

/** The headings of the cards "In jedem Paket enthalten" on /webapp: 'Bis zu 15 Domains', 'Kostenlose Demo bis zu 3 Monate', … */
export function includedHeadlines(included: IncludedInEveryPackage) {
  return {
    storage: headline(webappFactText.storage(included.storageGb)),
    domains: headline(webappFactText.domains(included.domains)),
    availability: headline(webappFactText.availability(included.availabilityPercent)),
    demo: headline(webappFactText.demo(included.demoMonths)),
  };
}

/** "50 GB Speicher, bis zu 15 Domains und 99 % Verfügbarkeit": the short sentence part the landing page and meta descriptions use. */
export function includedSummary(included: IncludedInEveryPackage): string {
  return `${included.storageGb} GB Speicher, ${webappFactText.domains(included.domains)} und ${webappFactText.availability(included.availabilityPercent)}`;
}

/** One cell: the main text and, below it, a smaller note (the VAT or the rhythm). */
interface ComparisonCell {
  text: string;
  note?: string;
}

export interface ComparisonRow {
  label: string;
  /** The row the eye looks for first (the price per month). */
  emphasis?: boolean;
  cells: ComparisonCell[];
}

/**
 * The rows of the package comparison, one cell per package in the given order. Prices are gross
 * first with the VAT named (PAngV); the amount per billing period stands in its own row and is
 * never added to another package's or another rhythm's amount.
 */
export function webappComparison(entries: readonly WebappEntry[]): ComparisonRow[] {
  const row = (label: string, cell: (entry: WebappEntry) => ComparisonCell): ComparisonRow => ({ label, cells: entries.map(cell) });
  return [
    { ...row('Preis pro Monat', (entry) => ({ text: formatEuro(entry.grossCents), note: `${UNIT_LABEL[entry.unit]}, inkl. ${formatVatPercent(entry.vatPercent)} USt.` })), emphasis: true },
    row('Zahlung je Abrechnungszeitraum', (entry) => ({
      text: formatEuro(entry.grossCents * unitsPerPayment(entry.unit, entry.term)),
      note: `${everyText(entry.term.billingMonths)} im Voraus`,
    })),
    row('Mindestlaufzeit', (entry) => ({ text: durationText(entry.term.minimumMonths) })),
    row('Supportstunden', (entry) =>
      entry.webapp.supportHoursPerMonth > 0 ? { text: `${entry.webapp.supportHoursPerMonth} pro Monat`, note: 'inklusive' } : { text: 'keine inklusive', note: 'Support nach Aufwand' },
    ),
    row('Kunden', (entry) => (entry.webapp.customers === undefined ? { text: 'eigene Nutzung' } : { text: `${entry.webapp.customers} Kunden`, note: 'für Wiederverkäufer' })),
    row('Speicher', (entry) => ({ text: `${entry.webapp.storageGb} GB` })),
    row('Domains', (entry) => ({ text: `bis zu ${entry.webapp.domains}` })),
    row('Kostenlose Demo', (entry) => ({ text: `bis zu ${durationText(entry.webapp.demoMonths)}` })),
    row('Verfügbarkeit', (entry) => ({ text: `${percent.format(entry.webapp.availabilityPercent)} %` })),
  ];
}
