import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dotted, formatYears, lowestYearlyPrice } from '../../../src/lib/domains.ts';
import { formatEuro } from '../../../src/lib/money.ts';
import { DomainsDataSchema } from '../../../src/lib/schemas/domains.ts';

const raw: unknown = JSON.parse(readFileSync(new URL('../../../src/data/domains.json', import.meta.url), 'utf8'));
const data = v.parse(DomainsDataSchema, raw);

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

describe('src/data/domains.json', () => {
  it('lists exactly the 11 endings of SPEC §2 and §9, alphabetically', () => {
    expect(data.tlds.map((row) => row.tld)).toEqual(Object.keys(SPEC_DOMAINS));
  });

  it.each(Object.entries(SPEC_DOMAINS))('.%s costs what SPEC §9 says, in cents', (tld, [year, month]) => {
    const row = data.tlds.find((candidate) => candidate.tld === tld)!;
    expect(row).toMatchObject({ priceYear: euroCents(year), priceMonth: euroCents(month), minDurationYears: 1 });
  });

  it('quotes each monthly price as the yearly price / 12, rounded to the cent', () => {
    for (const row of data.tlds) expect(row.priceMonth, dotted(row.tld)).toBe(Math.round(row.priceYear / 12));
  });

  it('carries the terms of SPEC §9: cancellation 14 days before the end, activation in 24 to 48 hours', () => {
    expect(data.cancellationDaysBeforeEnd).toBe(14);
    expect(data.activationHours).toEqual({ min: 24, max: 48 });
  });

  it('rejects broken rows', () => {
    const row = data.tlds[0]!;
    const withRows = (tlds: unknown[]) => ({ ...data, tlds });
    expect(v.safeParse(DomainsDataSchema, withRows([row, row])).success).toBe(false);
    expect(v.safeParse(DomainsDataSchema, withRows([{ ...row, tld: '.de' }])).success).toBe(false);
    expect(v.safeParse(DomainsDataSchema, withRows([{ ...row, tld: 'DE' }])).success).toBe(false);
    expect(v.safeParse(DomainsDataSchema, withRows([{ ...row, priceYear: 12.5 }])).success).toBe(false);
    expect(v.safeParse(DomainsDataSchema, withRows([{ ...row, minDurationYears: 0 }])).success).toBe(false);
    expect(v.safeParse(DomainsDataSchema, withRows([])).success).toBe(false);
    expect(v.safeParse(DomainsDataSchema, { ...data, activationHours: { min: 48, max: 24 } }).success).toBe(false);
  });
});

describe('domain helpers', () => {
  it('writes endings, terms and the cheapest price the German way', () => {
    expect(dotted('de')).toBe('.de');
    expect(formatYears(1)).toBe('1 Jahr');
    expect(formatYears(2)).toBe('2 Jahre');
    expect(formatEuro(lowestYearlyPrice(data.tlds))).toBe('12,00\u00a0€');
    expect(() => lowestYearlyPrice([])).toThrow();
  });
});
