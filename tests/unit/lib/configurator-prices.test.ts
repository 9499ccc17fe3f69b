import { describe, expect, it } from 'vitest';
import { configurator } from '../../../src/data/catalogue.ts';
import { prices } from '../../../src/data/prices.ts';
import { APP_TYPE_IDS, type AppTypeId } from '../../../src/lib/configurator/app-types.ts';
import { clampHours, HOURS_MINIMUM, MAX_HOURS } from '../../../src/lib/configurator/hours.ts';
import {
  amount,
  configuratorPrices,
  estimate,
  hostingFactor,
  planDiscountPercent,
  showsFactor,
  type ConfiguratorPrices,
  type PricedState,
} from '../../../src/lib/configurator/prices.ts';
import { formatEuro, grossToNet } from '../../../src/lib/money.ts';
import { loadPriceSource } from '../../../src/lib/prices/source.ts';
import { DEFAULT_CONFIGURATOR_STATE } from '../../../src/lib/schemas/configurator.ts';
import { without, withEdit } from './price-source-fixtures.ts';

/** The configurator's prices, read from the price source (src/content/prices). */
const PRICES: ConfiguratorPrices = configuratorPrices(prices);
/** The plan prices of the two Webapp-Basis packages: 95,20 € monthly, 90,00 € per month for 6 months. */
const MONTHLY_NET = 8000;
const SIX_MONTHS_NET = 7563; // 90,00 € / 1.19 = 75,6302… €
/** The price list's 'Softwareentwicklung' hour and 'Support nach Aufwand' hour, net. */
const DEVELOPMENT_NET = 8000;
const SUPPORT_NET = 7500;

const app = (overrides: Partial<PricedState> = {}): PricedState => ({ ...DEFAULT_CONFIGURATOR_STATE, ...overrides });

/** Credits of SPEC §9, written out here so the test does not read them from the code under test. */
const CREDITS: Record<AppTypeId, number> = { portal: 20, timeTracking: 100, shop: 20, order: 20, invoice: 20, custom: 0 };

/** Every subset of the six app types (64 selections). */
const allSelections: AppTypeId[][] = Array.from({ length: 2 ** APP_TYPE_IDS.length }, (_, mask) =>
  APP_TYPE_IDS.filter((_, bit) => (mask >> bit) & 1),
);

/** Plans with given gross monthly prices, for the discount badge. */
const plans = (monthly: number, sixMonths: number): ConfiguratorPrices['plans'] => ({
  monthly: { netCents: grossToNet(monthly), grossCents: monthly, vatPercent: 19, term: { minimumMonths: 1, billingMonths: 1, noticeDays: 10 } },
  'six-months': { netCents: grossToNet(sixMonths), grossCents: sixMonths, vatPercent: 19, term: { minimumMonths: 6, billingMonths: 6, noticeDays: 10 } },
});

describe('configurator price engine: the worked example', () => {
  it('portal only, 10 development hours, no support, monthly plan', () => {
    const result = estimate(app({ selectedAppType: ['portal'], developmentHours: 10, supportHours: 0, hostingPlan: 'monthly' }), PRICES);
    expect(result.development).toEqual({ net: 80000, gross: 95200 });
    expect(result.setup).toEqual({ net: 89000, gross: 105910 });
    expect(result.monthly).toEqual({ net: 8000, gross: 9520 });
    expect(formatEuro(result.development!.net)).toBe('800,00\u00a0€');
    expect(formatEuro(result.development!.gross)).toBe('952,00\u00a0€');
    expect(formatEuro(result.setup.net)).toBe('890,00\u00a0€');
    expect(formatEuro(result.setup.gross)).toBe('1.059,10\u00a0€');
    expect(formatEuro(result.monthly.net)).toBe('80,00\u00a0€');
    expect(formatEuro(result.monthly.gross)).toBe('95,20\u00a0€');
  });

  it('the same in the data the islands and functions import', () => {
    expect(configurator).toEqual(PRICES);
  });
});

describe('the rates come from the price source', () => {
  it('the development hour is the price list\'s Softwareentwicklung hour: 80,00 € net, 95,20 € gross', () => {
    expect(PRICES.developmentHour).toEqual({ netCents: DEVELOPMENT_NET, grossCents: 9520, vatPercent: 19 });
    const hour = prices.require('software-development');
    expect(PRICES.developmentHour).toEqual({ netCents: hour.netCents, grossCents: hour.grossCents, vatPercent: hour.vatPercent });
    expect(prices.byRole('development-hour').id).toBe('software-development');
  });

  it('the support hour is the price list\'s Support nach Aufwand: 75,00 € net, 89,25 € gross', () => {
    expect(PRICES.supportHour).toEqual({ netCents: SUPPORT_NET, grossCents: 8925, vatPercent: 19 });
    expect(prices.byRole('support-hour').id).toBe('support-hour');
  });

  it('the hosting plans are the two Webapp-Basis packages with their terms', () => {
    expect(PRICES.plans.monthly).toEqual({ netCents: MONTHLY_NET, grossCents: 9520, vatPercent: 19, term: { minimumMonths: 1, billingMonths: 1, noticeDays: 10 } });
    expect(PRICES.plans['six-months']).toEqual({ netCents: SIX_MONTHS_NET, grossCents: 9000, vatPercent: 19, term: { minimumMonths: 6, billingMonths: 6, noticeDays: 10 } });
    expect(prices.byRole('hosting-monthly').id).toBe('webapp-basis-1m');
    expect(prices.byRole('hosting-six-months').id).toBe('webapp-basis-6m');
  });

  it('an edited Markdown file changes the configurator: one price per service', () => {
    const edited = configuratorPrices(loadPriceSource(withEdit('software-development', 'netCents', 9000)));
    expect(edited.developmentHour).toEqual({ netCents: 9000, grossCents: 10710, vatPercent: 19 });
    expect(estimate(app({ developmentHours: 2 }), edited).development).toEqual({ net: 18000, gross: 21420 });
    const portal = configuratorPrices(loadPriceSource(withEdit('app-type-portal', 'netCents', 12000)));
    expect(estimate(app({ selectedAppType: ['portal'] }), portal).setup.net).toBe(12000);
  });

  it('a source without a hosting plan is refused before the configurator could price anything', () => {
    expect(() => loadPriceSource(withEdit('webapp-basis-6m', 'role', undefined))).toThrow(/hosting-six-months/u);
    expect(() => loadPriceSource(without('app-type-shop'))).toThrow(/shop/u);
  });
});

describe('app types', () => {
  it('lists every id once with the credits of SPEC §9, from the price source', () => {
    expect(PRICES.appTypes.map((option) => option.id)).toEqual([...APP_TYPE_IDS]);
    for (const option of PRICES.appTypes) expect(option.credits).toBe(CREDITS[option.id]);
    expect(PRICES.appTypes.map((option) => [option.id, option.name, option.netCents, option.includedForFree])).toEqual([
      ['portal', 'Portal', 9000, []],
      ['timeTracking', 'Zeiterfassung', 9000, []],
      ['shop', 'Shop', 9000, ['order', 'invoice']],
      ['order', 'Bestellung', 9000, []],
      ['invoice', 'Rechnung', 9000, []],
      ['custom', 'Individuelle Anwendung', undefined, []],
    ]);
  });

  it.each(allSelections.map((selection) => [selection.join('+') || '(keine)', selection] as const))(
    '%s: credits, factor, prices and what is free',
    (_label, selection) => {
      const result = estimate(app({ selectedAppType: selection }), PRICES);
      const credits = selection.reduce((sum, id) => sum + CREDITS[id], 0);
      const factor = Math.max(1, Math.ceil(credits / 100));
      expect(result.totalCredits).toBe(credits);
      expect(result.hostingFactor).toBe(factor);
      expect(showsFactor(result.totalCredits)).toBe(credits > 100);
      expect(result.hosting).toEqual(amount(MONTHLY_NET * factor));

      const shop = selection.includes('shop');
      const expectedPrice = (id: AppTypeId) => (id === 'custom' ? undefined : shop && (id === 'order' || id === 'invoice') ? 0 : 9000);
      expect(result.appTypes.map((line) => [line.id, line.netCents])).toEqual(selection.map((id) => [id, expectedPrice(id)]));
      const typesNet = selection.reduce((sum, id) => sum + (expectedPrice(id) ?? 0), 0);
      expect(result.setup.net).toBe(typesNet);
      expect(result.onRequest).toBe(selection.includes('custom'));
    },
  );

  it('orders and de-duplicates a selection the same way whatever the click order', () => {
    const a = estimate(app({ selectedAppType: ['invoice', 'shop', 'portal'] }), PRICES);
    const b = estimate(app({ selectedAppType: ['portal', 'shop', 'invoice', 'shop'] }), PRICES);
    expect(a).toEqual(b);
    expect(a.appTypes.map((line) => line.id)).toEqual(['portal', 'shop', 'invoice']);
    expect(a.appTypes.find((line) => line.id === 'invoice')).toMatchObject({ netCents: 0, includedForFree: true });
  });

  it('charges order and invoice again once the shop is deselected', () => {
    const result = estimate(app({ selectedAppType: ['order', 'invoice'] }), PRICES);
    expect(result.appTypes.map((line) => line.netCents)).toEqual([9000, 9000]);
  });
});

describe('hosting', () => {
  it.each([
    [0, 1],
    [20, 1],
    [100, 1],
    [101, 2],
    [200, 2],
    [201, 3],
    [400, 4],
  ])('%i credits → factor %i', (credits, factor) => {
    expect(hostingFactor(credits)).toBe(factor);
  });

  it('shows the factor only above 100 credits', () => {
    expect(showsFactor(100)).toBe(false);
    expect(showsFactor(101)).toBe(true);
  });

  it('prices both plans net from their gross package price, times the factor', () => {
    expect(estimate(app({ hostingPlan: 'monthly' }), PRICES).hosting).toEqual({ net: MONTHLY_NET, gross: 9520 });
    expect(estimate(app({ hostingPlan: 'six-months' }), PRICES).hosting).toEqual({ net: SIX_MONTHS_NET, gross: 9000 });
    const big = estimate(app({ hostingPlan: 'six-months', selectedAppType: ['portal', 'timeTracking'] }), PRICES);
    expect(big.hostingFactor).toBe(2);
    expect(big.hosting).toEqual({ net: 2 * SIX_MONTHS_NET, gross: 18000 });
  });

  it('computes the discount badge of the 6-month plan from the two plan prices, rounded down: 5 %', () => {
    expect(planDiscountPercent(PRICES.plans)).toBe(5); // 95,20 € → 90,00 € is 5,46 %
    expect(planDiscountPercent(plans(10000, 8000))).toBe(20);
    expect(planDiscountPercent(plans(10000, 10000))).toBe(0);
    expect(planDiscountPercent(plans(10000, 12000))).toBe(0);
    expect(planDiscountPercent(plans(0, 0))).toBe(0);
  });

  it('the 6-month plan costs 75,63 € net (90,00 € gross) per month', () => {
    const result = estimate(app({ hostingPlan: 'six-months', developmentHours: 10 }), PRICES);
    expect(result.hosting).toEqual({ net: 7563, gross: 9000 });
    expect(result.monthly).toEqual({ net: 7563, gross: 9000 });
  });
});

describe('estimate lines', () => {
  it('adds support hours to the monthly cost and development hours to the setup', () => {
    const result = estimate(app({ selectedAppType: ['portal'], developmentHours: 3, supportHours: 2 }), PRICES);
    expect(result.development).toEqual({ net: 3 * DEVELOPMENT_NET, gross: 3 * 9520 });
    expect(result.support).toEqual({ net: 2 * SUPPORT_NET, gross: 2 * 8925 });
    expect(result.setup.net).toBe(3 * DEVELOPMENT_NET + 9000);
    expect(result.monthly.net).toBe(2 * SUPPORT_NET + MONTHLY_NET);
  });

  it('prices the support tab by support-only hours, without development, hosting or setup', () => {
    const result = estimate(app({ activeTab: 'support', supportOnlyHours: 4, developmentHours: 50, supportHours: 9 }), PRICES);
    expect(result.development).toBeUndefined();
    expect(result.hosting).toBeUndefined();
    expect(result.support).toEqual({ net: 30000, gross: 35700 });
    expect(result.setup).toEqual({ net: 0, gross: 0 });
    expect(result.monthly).toEqual(result.support);
    expect(result.onRequest).toBe(false);
  });

  it('keeps a custom part out of the figures and marks the estimate as partly on request', () => {
    const result = estimate(app({ selectedAppType: ['custom'], developmentHours: 1 }), PRICES);
    expect(result.appTypes).toEqual([{ id: 'custom', name: 'Individuelle Anwendung', credits: 0, netCents: undefined, includedForFree: false }]);
    expect(result.setup.net).toBe(DEVELOPMENT_NET);
    expect(result.onRequest).toBe(true);
  });
});

describe('gross and net', () => {
  /** Exact integer rounding of net × 1.19, halves up: the reference the display must match. */
  const exactGross = (net: number) => Math.floor((net * 119 + 50) / 100);

  it('every net amount × 1.19 rounds to the gross shown (0 … 2.000.000 cents)', () => {
    for (let net = 0; net <= 2_000_000; net++) {
      if (amount(net).gross !== exactGross(net)) throw new Error(`${net} Cent netto ergibt ${amount(net).gross} statt ${exactGross(net)}`);
    }
  });

  it('every figure of random configurations shows gross = round(net × 1.19)', () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 2000; run++) {
      const state = app({
        activeTab: random(4) === 0 ? 'support' : 'app-development',
        selectedAppType: allSelections[random(allSelections.length)]!,
        developmentHours: random(MAX_HOURS + 1),
        supportHours: random(500),
        supportOnlyHours: 1 + random(500),
        hostingPlan: random(2) === 0 ? 'monthly' : 'six-months',
      });
      const result = estimate(state, PRICES);
      for (const figure of [result.development, result.support, result.hosting, result.setup, result.monthly]) {
        if (figure) expect(figure.gross).toBe(exactGross(figure.net));
      }
    }
  });

  it('rounds half cents up', () => {
    expect(amount(50).gross).toBe(60); // 59,5 → 60
    expect(amount(1).gross).toBe(1); // 1,19 → 1
    expect(amount(3).gross).toBe(4); // 3,57 → 4
  });
});

describe('hour inputs', () => {
  it.each([
    ['10', 0, 10],
    [' 7 ', 0, 7],
    ['7,9', 0, 7],
    ['7.9', 0, 7],
    ['-3', 0, 0],
    ['', 0, 0],
    ['abc', 0, 0],
    ['1e3', 0, 1000],
    ['Infinity', 0, 0],
    ['99999', 0, MAX_HOURS],
    ['0', 1, 1],
    ['', 1, 1],
    ['abc', 1, 1],
    ['-5', 1, 1],
    ['3', 1, 3],
  ])('%j with minimum %i → %i', (raw, minimum, expected) => {
    expect(clampHours(raw, minimum)).toBe(expected);
  });

  it('knows the minimum of each field (SPEC §5)', () => {
    expect(HOURS_MINIMUM).toEqual({ developmentHours: 0, supportHours: 0, supportOnlyHours: 1 });
    expect(clampHours(Number.NaN, 1)).toBe(1);
  });
});
