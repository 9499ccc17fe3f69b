import { describe, expect, it } from 'vitest';
import { prices } from '../../../src/data/prices.ts';
import { loadPriceSource } from '../../../src/lib/prices/source.ts';
import { includedHeadlines, includedInEveryPackage, includedSummary, webappEntries, type WebappEntry } from '../../../src/lib/prices/webapp.ts';
import { edit, rawEntries } from './price-source-fixtures.ts';

/** The source with every package's storage, domains, availability and demo changed, feature lines to match (the schema demands both). */
function sourceWith(figures: { storageGb: number; domains: number; availabilityPercent: number; demoMonths: number }) {
  const entries = rawEntries();
  for (const entry of entries.filter((candidate) => candidate.data.group === 'webapp-pakete')) {
    const features = (entry.data.features as string[]).map((feature) =>
      feature
        .replace(/^\d+ GB Speicherplatz$/u, `${figures.storageGb} GB Speicherplatz`)
        .replace(/^bis zu \d+ Domains$/u, `bis zu ${figures.domains} Domains`)
        .replace(/^[\d,]+ % Verfügbarkeit$/u, `${String(figures.availabilityPercent).replace('.', ',')} % Verfügbarkeit`)
        .replace(/^kostenlose Demo bis zu \d+ Monate$/u, `kostenlose Demo bis zu ${figures.demoMonths} Monate`),
    );
    edit(entries, entry.id, 'features', features);
    for (const [key, value] of Object.entries(figures)) edit(entries, entry.id, `webapp.${key}`, value);
  }
  return loadPriceSource(entries);
}

describe('what every web-application package includes', () => {
  it('states the figures of the price source', () => {
    const every = includedInEveryPackage(webappEntries(prices));
    expect(every).toEqual({ storageGb: 50, domains: 15, availabilityPercent: 99, demoMonths: 3 });
    expect(includedHeadlines(every)).toEqual({
      storage: '50 GB Speicherplatz',
      domains: 'Bis zu 15 Domains',
      availability: '99 % Verfügbarkeit',
      demo: 'Kostenlose Demo bis zu 3 Monate',
    });
    expect(includedSummary(every)).toBe('50 GB Speicher, bis zu 15 Domains und 99 % Verfügbarkeit');
  });

  it('follows the source when the packages change their figures', () => {
    const every = includedInEveryPackage(webappEntries(sourceWith({ storageGb: 80, domains: 20, availabilityPercent: 99.9, demoMonths: 2 })));
    expect(includedHeadlines(every)).toEqual({
      storage: '80 GB Speicherplatz',
      domains: 'Bis zu 20 Domains',
      availability: '99,9 % Verfügbarkeit',
      demo: 'Kostenlose Demo bis zu 2 Monate',
    });
    expect(includedSummary(every)).toBe('80 GB Speicher, bis zu 20 Domains und 99,9 % Verfügbarkeit');
  });

  it('promises only what every package has: the smallest figure of any package', () => {
    const [first, ...rest] = webappEntries(prices);
    const smaller: WebappEntry = { ...first!, webapp: { ...first!.webapp, storageGb: 20, domains: 5, availabilityPercent: 98.5, demoMonths: 1 } };
    expect(includedInEveryPackage([smaller, ...rest])).toEqual({ storageGb: 20, domains: 5, availabilityPercent: 98.5, demoMonths: 1 });
  });

  it('fails without packages instead of printing an empty figure', () => {
    expect(() => includedInEveryPackage([])).toThrow(/Keine Webapp-Pakete/u);
  });
});
