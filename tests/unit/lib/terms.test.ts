import { describe, expect, it } from 'vitest';
import { configurator } from '../../../src/data/catalogue.ts';
import { prices } from '../../../src/data/prices.ts';
import { configuredItems } from '../../../src/lib/configurator/cart-item.ts';
import { CANCELLATION_NOTICE_DAYS, REFUND_NOTE, termSummary, termTexts } from '../../../src/lib/prices/terms.ts';
import { CUSTOMER_TYPES } from '../../../src/lib/schemas/order.ts';
import { DEFAULT_CONFIGURATOR_STATE } from '../../../src/lib/schemas/configurator.ts';
import type { Term } from '../../../src/lib/schemas/price-source.ts';

/**
 * The terms of a contract in words (AGB § 9). Consumers: after the minimum term the contract runs
 * on for an indefinite time and can be ended at any time with the notice — never a tacit extension
 * by another term (§ 309 Nr. 9 BGB). Businesses: renewal by the same term unless cancelled.
 */

const SIX_MONTHS: Term = { minimumMonths: 6, billingMonths: 6, noticeDays: 10 };
const DOMAIN: Term = { minimumMonths: 12, billingMonths: 12, noticeDays: 14 };

/** Every term a customer can sign: each entry of the price source and each configured contract. */
const everyTerm: { label: string; term: Term }[] = [
  ...prices.entries.flatMap((entry) => (entry.term ? [{ label: entry.id, term: entry.term }] : [])),
  ...configuredItems({ ...DEFAULT_CONFIGURATOR_STATE, hostingPlan: 'six-months' }, configurator).flatMap((item) => (item.term ? [{ label: item.id, term: item.term }] : [])),
  ...configuredItems({ ...DEFAULT_CONFIGURATOR_STATE, activeTab: 'support', supportOnlyHours: 2 }, configurator).flatMap((item) => (item.term ? [{ label: item.id, term: item.term }] : [])),
];

describe('term texts for a 6-month contract with 10 days notice', () => {
  it('consumer: minimum term, then an indefinite contract cancellable at any time, with a pro-rata refund', () => {
    expect(termSummary(SIX_MONTHS, 'consumer')).toBe(
      'Mindestlaufzeit 6 Monate, kündbar mit einer Frist von 10 Tagen zum Ende der Mindestlaufzeit. ' +
        'Danach läuft der Vertrag auf unbestimmte Zeit weiter und ist jederzeit mit einer Frist von 10 Tagen kündbar. ' +
        'Im Voraus gezahlte Beträge für die Zeit nach dem Vertragsende erstatten wir anteilig.',
    );
  });

  it('business: minimum term, then renewal by the same term unless cancelled with the notice', () => {
    expect(termSummary(SIX_MONTHS, 'business')).toBe(
      'Mindestlaufzeit 6 Monate, kündbar mit einer Frist von 10 Tagen zum Ende der Mindestlaufzeit. ' +
        'Danach verlängert sich der Vertrag jeweils um 6 Monate, wenn er nicht mit einer Frist von 10 Tagen zum Ende der jeweiligen Laufzeit gekündigt wird.',
    );
  });

  it('gives the parts of the text and both rules side by side', () => {
    expect(termTexts(SIX_MONTHS, 'consumer')).toEqual({
      minimumTerm: '6 Monate',
      firstNotice: 'mit einer Frist von 10 Tagen zum Ende der Mindestlaufzeit',
      afterwards: `Danach läuft der Vertrag auf unbestimmte Zeit weiter und ist jederzeit mit einer Frist von 10 Tagen kündbar. ${REFUND_NOTE}`,
    });
  });
});

describe('term texts of the domains: 1 year, 14 days notice', () => {
  it('say "1 Jahr" and "14 Tagen" for both customer types', () => {
    expect(termSummary(DOMAIN, 'consumer')).toBe(
      'Mindestlaufzeit 1 Jahr, kündbar mit einer Frist von 14 Tagen zum Ende der Mindestlaufzeit. ' +
        'Danach läuft der Vertrag auf unbestimmte Zeit weiter und ist jederzeit mit einer Frist von 14 Tagen kündbar. ' +
        'Im Voraus gezahlte Beträge für die Zeit nach dem Vertragsende erstatten wir anteilig.',
    );
    expect(termSummary(DOMAIN, 'business')).toBe(
      'Mindestlaufzeit 1 Jahr, kündbar mit einer Frist von 14 Tagen zum Ende der Mindestlaufzeit. ' +
        'Danach verlängert sich der Vertrag jeweils um 1 Jahr, wenn er nicht mit einer Frist von 14 Tagen zum Ende der jeweiligen Laufzeit gekündigt wird.',
    );
  });

  it('every domain of the source carries that term', () => {
    for (const entry of prices.inGroup('domains')) expect(entry.term, entry.id).toEqual(DOMAIN);
  });
});

describe('every term the shop sells', () => {
  it('is covered: packages, rentals, domains and configured contracts', () => {
    expect(everyTerm.length).toBeGreaterThan(20);
    expect(everyTerm.map(({ label }) => label)).toEqual(expect.arrayContaining(['webapp-basis-6m', 'click-dummy', 'domain-de', 'extra-storage-50gb']));
    expect(everyTerm.some(({ label }) => label.startsWith('konfiguration-betrieb:app'))).toBe(true);
    expect(everyTerm.some(({ label }) => label.startsWith('konfiguration-betrieb:support'))).toBe(true);
  });

  it.each(everyTerm)('$label: no consumer text ever extends the contract by another term (§ 309 Nr. 9 BGB)', ({ term }) => {
    const consumer = termSummary(term, 'consumer');
    expect(consumer).not.toContain('verlängert sich');
    expect(consumer).toContain('auf unbestimmte Zeit weiter');
    expect(consumer).toContain(REFUND_NOTE);
    expect(termSummary(term, 'business')).toContain('verlängert sich');
  });

  it.each(everyTerm)('$label: the notice is at most one month, 10 days for contracts and 14 for domains (SPEC §9)', ({ label, term }) => {
    expect(term.noticeDays).toBe(label.startsWith('domain-') ? 14 : CANCELLATION_NOTICE_DAYS);
    for (const customerType of CUSTOMER_TYPES) expect(termSummary(term, customerType)).toContain(`mit einer Frist von ${term.noticeDays} Tagen`);
  });
});

describe('singular and plural', () => {
  it('writes 1 Monat, 1 Tag and 2 Jahre correctly', () => {
    expect(termSummary({ minimumMonths: 1, billingMonths: 1, noticeDays: 1 }, 'consumer')).toMatch(/^Mindestlaufzeit 1 Monat, kündbar mit einer Frist von 1 Tag zum Ende/u);
    expect(termSummary({ minimumMonths: 24, billingMonths: 12, noticeDays: 14 }, 'business')).toContain('verlängert sich der Vertrag jeweils um 2 Jahre');
  });
});
