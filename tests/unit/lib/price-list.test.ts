import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { germanPriceList } from '../../../src/data/price-list.ts';
import { prices } from '../../../src/data/prices.ts';
import { formatEuro } from '../../../src/lib/money.ts';
import { buildPriceList, sharedFeatures } from '../../../src/lib/price-list.ts';
import { loadPriceSource } from '../../../src/lib/prices/source.ts';
import type { PriceUnit } from '../../../src/lib/schemas/price-source.ts';
import { rawEntries, withEdit } from './price-source-fixtures.ts';

const ROOT = new URL('../../..', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, ROOT), 'utf8');

/** Intl writes a no-break space before '€'; compare texts with plain spaces. */
const plain = (text: string): string => text.replace(/\s+/gu, ' ');

/**
 * SPEC §9 "Prices", row by row, in cents: the gross price shown and the net price for businesses.
 * `stated` is the one side the Markdown file states; the other follows at 19 %.
 * The innovation text gives customisation (80 €) and the click dummy (90 €) net, the
 * configurator the support hour (75 €); the development hour is the price list's
 * 'Softwareentwicklung' hour (95,20 € = 80,00 € net).
 */
const SPEC_PRICES: readonly { id: string; grossCents: number; netCents: number; unit: PriceUnit; stated: 'grossCents' | 'netCents' }[] = [
  { id: 'software-development', grossCents: 9520, netCents: 8000, unit: 'hour', stated: 'netCents' },
  { id: 'webapp-basis-1m', grossCents: 9520, netCents: 8000, unit: 'month', stated: 'grossCents' },
  { id: 'webapp-basis-6m', grossCents: 9000, netCents: 7563, unit: 'month', stated: 'grossCents' },
  { id: 'webapp-business-6m', grossCents: 21300, netCents: 17899, unit: 'month', stated: 'grossCents' },
  { id: 'webapp-basis-reseller-6m', grossCents: 20468, netCents: 17200, unit: 'month', stated: 'grossCents' },
  { id: 'webapp-business-reseller-6m', grossCents: 53550, netCents: 45000, unit: 'month', stated: 'grossCents' },
  { id: 'webapp-business-plus-6m', grossCents: 76755, netCents: 64500, unit: 'month', stated: 'grossCents' },
  { id: 'backend-development', grossCents: 9520, netCents: 8000, unit: 'hour', stated: 'netCents' },
  { id: 'remote-hands', grossCents: 9520, netCents: 8000, unit: 'hour', stated: 'netCents' },
  { id: 'restore-backup', grossCents: 2000, netCents: 1681, unit: 'once', stated: 'grossCents' },
  { id: 'extra-storage-50gb', grossCents: 1200, netCents: 1008, unit: 'month', stated: 'grossCents' },
  // Stated gross (105,00 €); a business pays 88,24 € net.
  { id: 'onsite-hosting-surcharge', grossCents: 10500, netCents: 8824, unit: 'month', stated: 'grossCents' },
  { id: 'timetracking-rental', grossCents: 8925, netCents: 7500, unit: 'month', stated: 'grossCents' },
  { id: 'anpassung', grossCents: 9520, netCents: 8000, unit: 'hour', stated: 'netCents' },
  { id: 'click-dummy', grossCents: 10710, netCents: 9000, unit: 'month', stated: 'netCents' },
  { id: 'support-hour', grossCents: 8925, netCents: 7500, unit: 'hour', stated: 'netCents' },
];

/** SPEC §9 "Configurator": an app type costs 90 € net once; the individual one is priced on request. */
const APP_TYPE_PRICES = ['app-type-portal', 'app-type-time-tracking', 'app-type-shop', 'app-type-order', 'app-type-invoice'];

/** SPEC §9 "Domains": tested price by price in domains.test.ts. */
const DOMAIN_IDS = ['at', 'biz', 'ch', 'click', 'com', 'de', 'eu', 'info', 'link', 'net', 'org'].map((tld) => `domain-${tld}`);

/** What one payment of a 6-month package costs: 6 × its monthly price (the SPEC's 492,66 € was dropped as inconsistent). */
const TERM_PAYMENTS = {
  'webapp-basis-6m': 54000,
  'webapp-business-6m': 127800,
  'webapp-basis-reseller-6m': 122808,
  'webapp-business-reseller-6m': 321300,
  'webapp-business-plus-6m': 460530,
} as const;

const raw = rawEntries();

describe('one source for every price of SPEC §9', () => {
  it.each(SPEC_PRICES)('$id: $grossCents ct gross / $netCents ct net per $unit, stated once as $stated', (row) => {
    const files = raw.filter((entry) => entry.id === row.id);
    expect(files).toHaveLength(1);
    const { data } = files[0]!;
    // The file states one price, on one side; the other side is worked out, never typed.
    expect(data[row.stated]).toBe(row.stated === 'grossCents' ? row.grossCents : row.netCents);
    expect(data).not.toHaveProperty(row.stated === 'grossCents' ? 'netCents' : 'grossCents');
    expect(data.unit).toBe(row.unit);
    expect(prices.require(row.id)).toMatchObject({ grossCents: row.grossCents, netCents: row.netCents, unit: row.unit, vatPercent: 19 });
  });

  it('the app types of the configurator cost 90 € net once, the individual one is priced on request', () => {
    for (const id of APP_TYPE_PRICES) expect(prices.require(id), id).toMatchObject({ netCents: 9000, grossCents: 10710, unit: 'once', onRequest: false });
    expect(prices.require('app-type-custom')).toMatchObject({ onRequest: true, unit: 'once' });
    expect(raw.find((entry) => entry.id === 'app-type-custom')!.data).not.toHaveProperty('netCents');
  });

  it('holds no price that SPEC §9 does not list', () => {
    const known = [...SPEC_PRICES.map((row) => row.id), ...APP_TYPE_PRICES, 'app-type-custom', ...DOMAIN_IDS];
    expect(raw.map((entry) => entry.id).sort()).toEqual(known.sort());
  });

  it('types no amount in the texts of a Markdown file: prices live only in netCents or grossCents', () => {
    const dir = new URL('src/content/prices/', ROOT);
    const files = readdirSync(dir).filter((name) => name.endsWith('.md'));
    expect(files).toHaveLength(raw.length);
    for (const name of files) {
      const text = readFileSync(new URL(name, dir), 'utf8');
      const withoutCents = text.replace(/^(netCents|grossCents): \d+$/gmu, '');
      expect(withoutCents, name).not.toMatch(/\d,\d\d|\d\s?€|€\s?\d|\bEUR\b|\bEuro\b/u);
    }
  });

  it('no page of the site types an amount of its own', () => {
    // Amounts reach the pages only through formatEuro from the source, never as literals.
    const pages = (dir: string): string[] =>
      readdirSync(new URL(dir, ROOT), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? pages(join(dir, entry.name)) : entry.name.endsWith('.astro') ? [join(dir, entry.name)] : [],
      );
    const files = pages('src/pages');
    expect(files).toContain(join('src/pages', 'preisliste.astro'));
    for (const file of files) expect(read(file), file).not.toMatch(/\d,\d\d|\d+\s?€/u);
  });
});

describe('the price list agrees with the price source', () => {
  const rows = germanPriceList.flatMap((section) => section.rows);

  it('is built from the source', () => {
    expect(germanPriceList).toEqual(buildPriceList(prices));
  });

  it('shows every entry but the domains exactly once, in its group, with both prices and its unit', () => {
    const listed = prices.entries.filter((entry) => entry.group !== 'domains');
    expect(rows.map((row) => row.id)).toEqual(listed.map((entry) => entry.id));
    for (const entry of listed) {
      const row = rows.find((candidate) => candidate.id === entry.id)!;
      expect(row).toMatchObject({ name: entry.name, grossCents: entry.grossCents, netCents: entry.netCents, vatPercent: entry.vatPercent, unit: entry.unit, term: entry.term });
      expect(germanPriceList.find((section) => section.id === entry.group)!.rows).toContain(row);
    }
    expect(germanPriceList.map((section) => section.id)).toEqual(['webapp-pakete', 'anwendungen', 'entwicklung', 'zusatzleistungen', 'konfigurator']);
  });

  it('marks only the individual app type as on request', () => {
    expect(rows.filter((row) => row.onRequest).map((row) => row.id)).toEqual(['app-type-custom']);
  });

  it('states once what every webapp package includes (SPEC §9) and keeps the rest per package', () => {
    const packages = germanPriceList.find((section) => section.id === 'webapp-pakete')!;
    expect(packages.included).toEqual(['50 GB Speicherplatz', 'bis zu 15 Domains', '99 % Verfügbarkeit', 'kostenlose Demo bis zu 3 Monate']);
    expect(packages.rows).toHaveLength(6);
    for (const row of packages.rows) expect(row.details.some((detail) => packages.included.includes(detail))).toBe(false);
    expect(packages.rows.find((row) => row.id === 'webapp-business-6m')!.details).toEqual(['2 Supportstunden pro Monat inklusive']);
    for (const section of germanPriceList.filter((s) => s.id !== 'webapp-pakete')) expect(section.included).toEqual([]);
  });

  it('Webapp Basis (6 Monate): 90,00 € per month, 540,00 € per 6 months in advance', () => {
    const row = rows.find((candidate) => candidate.id === 'webapp-basis-6m')!;
    expect(row).toMatchObject({ grossCents: 9000, netCents: 7563, paymentGrossCents: 54000, term: { minimumMonths: 6, billingMonths: 6, noticeDays: 10 } });
    expect(plain(formatEuro(row.grossCents))).toBe('90,00 €');
    expect(plain(formatEuro(row.paymentGrossCents!))).toBe('540,00 €');
  });

  it('every 6-month package: monthly price × 6 = the payment per term', () => {
    for (const [id, payment] of Object.entries(TERM_PAYMENTS)) {
      const row = rows.find((candidate) => candidate.id === id)!;
      expect(row.paymentGrossCents, id).toBe(payment);
      expect(row.paymentGrossCents, id).toBe(6 * row.grossCents);
    }
    const payment = (id: keyof typeof TERM_PAYMENTS) => plain(formatEuro(TERM_PAYMENTS[id]));
    expect(payment('webapp-business-6m')).toBe('1.278,00 €');
    expect(payment('webapp-business-plus-6m')).toBe('4.605,30 €');
  });

  it('states a payment in advance for contracts only: the monthly price for monthly ones, none for hours and one-off items', () => {
    for (const row of rows) {
      if (row.term) expect(row.paymentGrossCents, row.id).toBe(row.grossCents * row.term.billingMonths);
      else expect(row.paymentGrossCents, row.id).toBeUndefined();
    }
    expect(rows.find((row) => row.id === 'webapp-basis-1m')!.paymentGrossCents).toBe(9520);
    expect(rows.find((row) => row.id === 'software-development')!.term).toBeUndefined();
  });

  it('quotes customisation at 80 € and the click dummy at 90 € plus VAT, with the gross amounts; the surcharge at 105 € gross', () => {
    const priced = (id: string) => {
      const row = rows.find((candidate) => candidate.id === id)!;
      return [row.netCents, row.grossCents, row.unit];
    };
    expect(priced('anpassung')).toEqual([8000, 9520, 'hour']);
    expect(priced('click-dummy')).toEqual([9000, 10710, 'month']);
    expect(priced('onsite-hosting-surcharge')).toEqual([8824, 10500, 'month']);
  });

  it('describes the configurator app types by their credits and what they include', () => {
    const details = (id: string) => rows.find((row) => row.id === id)!.details;
    expect(details('app-type-portal')).toEqual(['20 Credits für die Hosting-Größe']);
    expect(details('app-type-time-tracking')).toEqual(['100 Credits für die Hosting-Größe']);
    expect(details('app-type-shop')).toEqual(['20 Credits für die Hosting-Größe', 'inklusive Bestellung und Rechnung']);
  });

  it('follows an edited Markdown file: one changed price changes the list', () => {
    const list = buildPriceList(loadPriceSource(withEdit('software-development', 'netCents', 9000)));
    expect(list.flatMap((section) => section.rows).find((row) => row.id === 'software-development')).toMatchObject({ netCents: 9000, grossCents: 10710 });
  });

  it('finds shared features in the order of the first entry', () => {
    expect(sharedFeatures([{ features: ['a', 'b', 'c'] }, { features: ['c', 'a'] }])).toEqual(['a', 'c']);
    expect(sharedFeatures([])).toEqual([]);
  });
});
