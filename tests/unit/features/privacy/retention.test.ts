import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETENTION_RULES, cutoffOf, retentionCutoffs, retentionRule, retentionSentence } from '../../../../src/features/privacy/retention.ts';
import { retentionPlaceholders } from '../../../../src/features/privacy/texts.ts';
import { escapeHtml } from '../../../../src/lib/html.ts';
import { fillPlaceholders, legalPlaceholders } from '../../../../src/lib/legal.ts';
import { site } from '../../../../src/config/site.ts';

/** Decision 0062: one table of deletion periods, read by the retention run and by /datenschutz. */

const isoDay = fc.date({ min: new Date('2001-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const plusDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('cut-off days', () => {
  it('keeps an inquiry of exactly three years through that day and deletes it the day after', () => {
    const { inquiries } = retentionCutoffs('2026-11-29');
    // Due means: received before the cut-off.
    expect(inquiries).toBe('2023-11-29');
    expect('2023-11-29' < inquiries).toBe(false);
    expect('2023-11-28' < inquiries).toBe(true);
    // 2 years 364 days old: kept.
    expect('2023-11-30' < inquiries).toBe(false);
  });

  it('counts the statutory periods from the end of the calendar year (§ 147 Abs. 4 AO)', () => {
    const cutoffs = retentionCutoffs('2026-01-01');
    // An invoice of 31.12.2017 has been kept through 31.12.2025; one of 1.1.2018 through 31.12.2026.
    expect(cutoffs.invoices).toBe('2018-01-01');
    expect(retentionCutoffs('2026-12-31').invoices).toBe('2018-01-01');
    expect(cutoffs.orders).toBe('2020-01-01');
    expect(cutoffs.declarations).toBe('2020-01-01');
  });

  it('keeps invoices eight and business letters six years, as § 147 Abs. 3 AO (since 2025) and § 257 Abs. 4 HGB say', () => {
    expect(retentionRule('invoices').period).toEqual({ years: 8, from: 'year-end' });
    expect(retentionRule('orders').period).toEqual({ years: 6, from: 'year-end' });
    expect(retentionRule('declarations').period).toEqual({ years: 6, from: 'year-end' });
    for (const kind of ['inquiries', 'click-dummy-requests', 'guest-chats'] as const) expect(retentionRule(kind).period).toEqual({ years: 3, from: 'event' });
  });

  it('moves 29 February to 28 February in a common year', () => {
    expect(cutoffOf({ years: 3, from: 'event' }, '2028-02-29')).toBe('2025-02-28');
  });

  it('never lets anything younger than its period be due, and lets everything older be due', () => {
    fc.assert(
      fc.property(isoDay, (today) => {
        for (const rule of RETENTION_RULES) {
          const cutoff = cutoffOf(rule.period, today);
          expect(cutoff <= today).toBe(true);
          if ('days' in rule.period) {
            expect(plusDays(cutoff, rule.period.days)).toBe(today);
            continue;
          }
          const years = Number(today.slice(0, 4)) - Number(cutoff.slice(0, 4));
          expect(years).toBe(rule.period.years);
          if (rule.period.from === 'year-end') expect(cutoff.slice(5)).toBe('01-01');
          // The day before the cut-off is at least the period old; the cut-off day itself is not yet due.
          else expect(cutoff.slice(5) === today.slice(5) || (today.slice(5) === '02-29' && cutoff.slice(5) === '02-28')).toBe(true);
        }
      }),
    );
  });
});

describe('/datenschutz', () => {
  const markdown = readFileSync(new URL('../../../../src/content/legal/datenschutz.md', import.meta.url), 'utf8');

  it('names every period where the table puts it, in German', () => {
    expect(retentionSentence(retentionRule('inquiries'))).toBe('drei Jahre nach Eingang der Anfrage (Nachweis der Kommunikation, Art. 6 Abs. 1 lit. f DSGVO); danach löschen wir sie.');
    expect(retentionSentence(retentionRule('invoices'))).toMatch(/^acht Jahre ab dem Ende des Kalenderjahres, in dem die Rechnung ausgestellt wurde/);
  });

  it('renders each period from the table and states none of its own', () => {
    for (const rule of RETENTION_RULES) expect(markdown).toContain(`{{speicherdauer-${rule.kind}}}`);
    const rendered = fillPlaceholders(markdown, { ...legalPlaceholders(site, 'https://www.example.de'), ...retentionPlaceholders() });
    for (const rule of RETENTION_RULES) {
      expect(rendered).toContain(escapeHtml(retentionSentence(rule)));
      expect(rendered).toContain(escapeHtml(rule.data));
    }
    // The periods the run deletes by appear only through the table, never typed into the prose.
    expect(markdown).not.toMatch(/(drei|sechs|acht|zehn) Jahre/);
  });
});
