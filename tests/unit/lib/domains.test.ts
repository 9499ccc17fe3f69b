import { describe, expect, it } from 'vitest';
import compiled from '../../../src/generated/price-source.json' with { type: 'json' };
import { domains } from '../../../src/data/domains.ts';
import { prices } from '../../../src/data/prices.ts';
import { activationRange, domainRows, dotted, lowestYearlyPrice, shared } from '../../../src/lib/domains.ts';
import { formatEuro } from '../../../src/lib/money.ts';
import { validatePriceSource } from '../../../src/lib/prices/source.ts';
import { durationText } from '../../../src/lib/prices/rhythm.ts';
import { withEdit } from './price-source-fixtures.ts';

/** SPEC §9 "Domains", per year / per month in euro, exactly as SPEC writes them. */
const SPEC_DOMAINS = {
  at: ['35', '2,92'],
  biz: ['40', '3,33'],
  ch: ['40', '3,33'],
  click: ['35', '2,92'],
  com: ['30', '2,50'],
  de: ['12', '1,00'],
  eu: ['20', '1,67'],
  info: ['40', '3,33'],
  link: ['35', '2,92'],
  net: ['35', '2,92'],
  org: ['30', '2,50'],
} as const;

const euroCents = (text: string): number => Math.round(Number(text.replace(',', '.')) * 100);

describe('the domain endings of the price source', () => {
  it('lists exactly the 11 endings of SPEC §2 and §9, alphabetically', () => {
    expect(domains.map((row) => row.tld)).toEqual(Object.keys(SPEC_DOMAINS));
    expect(domainRows(prices)).toEqual(domains);
  });

  it.each(Object.entries(SPEC_DOMAINS))('.%s costs what SPEC §9 says, in cents, gross per year', (tld, [year, month]) => {
    const row = domains.find((candidate) => candidate.tld === tld)!;
    expect(row).toMatchObject({ yearCents: euroCents(year), monthCents: euroCents(month), minimumTerm: '1 Jahr' });
    expect(row.entry).toMatchObject({ id: `domain-${tld}`, grossCents: euroCents(year), unit: 'year', vatPercent: 19 });
  });

  it('quotes each monthly price as the yearly price / 12, rounded to the cent', () => {
    for (const row of domains) expect(row.monthCents, dotted(row.tld)).toBe(Math.round(row.yearCents / 12));
  });

  it('carries the terms of SPEC §9: 1 year, paid yearly, cancellation 14 days before the end, activation in 24 to 48 hours', () => {
    for (const row of domains) {
      expect(row.entry.term, row.tld).toEqual({ minimumMonths: 12, billingMonths: 12, noticeDays: 14 });
      expect(row.noticeDays).toBe(14);
      expect(row.activationHours).toEqual({ min: 24, max: 48 });
      expect(row.entry.maxQuantity).toBe(1);
    }
    expect(shared(domains, (row) => row.noticeDays)).toBe(14);
    expect(shared(domains, (row) => row.activationHours)).toEqual({ min: 24, max: 48 });
    expect(shared(domains, (row) => row.yearCents)).toBeUndefined();
    expect(activationRange(domains)).toEqual({ min: 24, max: 48 });
  });

  it('states each price once, gross, in the Markdown file of its ending', () => {
    for (const { id, data } of compiled.filter((entry) => entry.data.group === 'domains')) {
      expect(data, id).toHaveProperty('grossCents');
      expect(data, id).not.toHaveProperty('netCents');
    }
  });

  it('refuses broken endings with the file named', () => {
    const broken = (path: string, value: unknown) => () => validatePriceSource(withEdit('domain-de', path, value));
    expect(broken('domain.tld', '.de')).toThrow(/domain-de\.md \(domain\.tld\)/u);
    expect(broken('domain.tld', 'DE')).toThrow(/domain-de\.md \(domain\.tld\)/u);
    expect(broken('grossCents', 12.5)).toThrow(/domain-de\.md \(grossCents\)/u);
    expect(broken('term.minimumMonths', 0)).toThrow(/domain-de\.md \(term\.minimumMonths\)/u);
    expect(broken('domain.activationHours', { min: 48, max: 24 })).toThrow(/domain-de\.md \(domain\.activationHours\)/u);
    expect(broken('unit', 'month')).toThrow(/domain-de\.md: Domains kosten pro Jahr/u);
    expect(broken('domain', undefined)).toThrow(/domain-de\.md: Einträge der Gruppe domains brauchen domain/u);
    expect(() => validatePriceSource(withEdit('domain-com', 'domain.tld', 'de'))).toThrow('Die Domainendung „de“ (domain.tld) darf nur einmal vorkommen, gefunden in: domain-com, domain-de.');
  });
});

describe('domain helpers', () => {
  it('writes endings, terms and the cheapest price the German way', () => {
    expect(dotted('de')).toBe('.de');
    expect(durationText(12)).toBe('1 Jahr');
    expect(durationText(24)).toBe('2 Jahre');
    expect(formatEuro(lowestYearlyPrice(domains))).toBe('12,00\u00a0€');
    expect(() => lowestYearlyPrice([])).toThrow();
  });
});
