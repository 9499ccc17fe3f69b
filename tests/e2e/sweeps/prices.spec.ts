import { readFileSync } from 'node:fs';
import { formatEuro } from '../../../src/lib/money.ts';
import { loadPriceSource } from '../../../src/lib/prices/source.ts';
import { netOnlyPieces } from '../../support/net-only-prices.ts';
import { expect, test } from '../fixtures.ts';
import { hydrateAll, routes, visit } from './site.ts';

/** The price source this build was made from (compiled at the start of the build). */
const prices = loadPriceSource(JSON.parse(readFileSync(new URL('../../../src/generated/price-source.json', import.meta.url), 'utf8')));

/** Every hourly rate the source sells, gross and net, as pages write them. */
const hourlyRates = new Set(
  prices.entries.filter((entry) => entry.unit === 'hour').flatMap((entry) => [formatEuro(entry.grossCents), formatEuro(entry.netCents)].map((text) => text.replace(/\s/gu, ' '))),
);

/** '95,20 € pro Stunde', '95,20 € (netto 80,00 €)' after 'à' or 'Stunde': the amounts a page quotes per hour. */
const PER_HOUR = /(\d{1,3}(?:\.\d{3})*,\d{2}\s€)(?= pro Stunde| je Stunde)|à (\d{1,3}(?:\.\d{3})*,\d{2}\s€)/gu;

/**
 * Issue 18 and PAngV: no page shows a consumer a net price alone. Every page, after its islands
 * rendered (offers come from /locales, the configurator starts gross), is read piece by piece —
 * each paragraph, list item, table cell and definition — and a net amount must follow a gross one
 * in the same piece (tests/support/net-only-prices.ts). The checkout and the cart, which only show
 * prices once a cart exists, are covered by tests/e2e/shop.spec.ts.
 */
test.describe('prices for consumers', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const route of routes) {
    test(`${route} shows no net price without the gross one before it`, async ({ page }) => {
      await visit(page, route);
      await hydrateAll(page);
      const pieces = await page
        .locator('main :is(p, li, td, th, dd, dt, caption, h1, h2, h3, h4, label, figcaption)')
        .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
      expect(netOnlyPieces(pieces)).toEqual([]);
    });
  }
});

test.describe('one price per service', () => {
  test.describe.configure({ timeout: 180_000 });

  test('every hourly rate on every page is one the price source sells', async ({ page }) => {
    const quoted = new Map<string, string[]>();
    for (const route of routes) {
      await visit(page, route);
      await hydrateAll(page);
      const text = (await page.locator('main').textContent()) ?? '';
      for (const match of text.matchAll(PER_HOUR)) {
        const amount = (match[1] ?? match[2]!).replace(/\s/gu, ' ');
        quoted.set(amount, [...(quoted.get(amount) ?? []), route]);
      }
    }
    // The development hour of the price list and of the configurator are the same (issue 18).
    expect(quoted.get('95,20 €')).toEqual(expect.arrayContaining(['/preisliste', '/auftragskonfigurator']));
    expect(Object.fromEntries([...quoted].filter(([amount]) => !hourlyRates.has(amount)))).toEqual({});
  });
});
