import { formatEuro, formatVatPercent } from '../money.ts';
import type { WebappFacts } from '../schemas/price-source.ts';
import { durationText, everyText, UNIT_LABEL, unitsPerPayment } from './rhythm.ts';
import type { PriceEntry } from './source.ts';

/**
 * The web-application packages as figures (the `webapp` block of their price entries): the
 * feature lines they must carry, and the rows of the comparison table on /webapp. Every figure
 * comes from the entry, so the table, the cards and the checkout never disagree.
 */

const percent = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** '50 GB Speicherplatz', 'bis zu 15 Domains', … — the feature lines each fact needs, in German. */
function featureTexts(facts: WebappFacts): string[] {
  return [
    `${facts.storageGb} GB Speicherplatz`,
    `bis zu ${facts.domains} Domains`,
    `${percent.format(facts.availabilityPercent)} % Verfügbarkeit`,
    `kostenlose Demo bis zu ${facts.demoMonths} Monate`,
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
