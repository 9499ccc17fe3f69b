import { describe, expect, it } from 'vitest';
import products from '../../../locales/de-products.json' with { type: 'json' };
import { APP_TYPE_IDS, APP_TYPES, type AppTypeId } from '../../../src/lib/configurator/app-types.ts';
import { clampHours, HOURS_MINIMUM, MAX_HOURS } from '../../../src/lib/configurator/hours.ts';
import {
  amount,
  estimate,
  hostingFactor,
  hostingPlanPrices,
  planDiscountPercent,
  showsFactor,
  type HostingPlanPrices,
  type PricedState,
} from '../../../src/lib/configurator/prices.ts';
import { formatEuro } from '../../../src/lib/money.ts';
import { DEFAULT_CONFIGURATOR_STATE } from '../../../src/lib/schemas/configurator.ts';

/** The plan prices of the product data (gross cents): 95,20 € monthly, 90,00 € per month for 6 months. */
const PLANS: HostingPlanPrices = { monthly: 9520, 'six-months': 9000 };
const MONTHLY_NET = 8000;
const SIX_MONTHS_NET = 7563; // 90,00 € / 1.19 = 75,6302… €

const app = (overrides: Partial<PricedState> = {}): PricedState => ({ ...DEFAULT_CONFIGURATOR_STATE, ...overrides });

/** Credits of SPEC §9, written out here so the test does not read them from the code under test. */
const CREDITS: Record<AppTypeId, number> = { portal: 20, timeTracking: 100, shop: 20, order: 20, invoice: 20, custom: 0 };

/** Every subset of the six app types (64 selections). */
const allSelections: AppTypeId[][] = Array.from({ length: 2 ** APP_TYPE_IDS.length }, (_, mask) =>
  APP_TYPE_IDS.filter((_, bit) => (mask >> bit) & 1),
);

describe('configurator price engine: the worked example of issue 8', () => {
  it('portal only, 10 development hours, no support, monthly plan', () => {
    const result = estimate(app({ selectedAppType: ['portal'], developmentHours: 10, supportHours: 0, hostingPlan: 'monthly' }), PLANS);
    expect(result.development).toEqual({ net: 95000, gross: 113050 });
    expect(result.setup).toEqual({ net: 104000, gross: 123760 });
    expect(result.monthly).toEqual({ net: 8000, gross: 9520 });
    expect(formatEuro(result.development!.net)).toBe('950,00\u00a0€');
    expect(formatEuro(result.development!.gross)).toBe('1.130,50\u00a0€');
    expect(formatEuro(result.setup.net)).toBe('1.040,00\u00a0€');
    expect(formatEuro(result.setup.gross)).toBe('1.237,60\u00a0€');
    expect(formatEuro(result.monthly.net)).toBe('80,00\u00a0€');
    expect(formatEuro(result.monthly.gross)).toBe('95,20\u00a0€');
  });

  it('takes the plan prices from the product data', () => {
    expect(hostingPlanPrices(products.products)).toEqual(PLANS);
    expect(hostingPlanPrices(products.products.filter((product) => product.id !== 'webapp-basis-6m'))).toBeUndefined();
  });
});

describe('app types', () => {
  it('lists every id once with the credits of SPEC §9', () => {
    expect(APP_TYPES.map((option) => option.id)).toEqual([...APP_TYPE_IDS]);
    for (const option of APP_TYPES) expect(option.credits).toBe(CREDITS[option.id]);
  });

  it.each(allSelections.map((selection) => [selection.join('+') || '(keine)', selection] as const))(
    '%s: credits, factor, prices and what is free',
    (_label, selection) => {
      const result = estimate(app({ selectedAppType: selection }), PLANS);
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
    const a = estimate(app({ selectedAppType: ['invoice', 'shop', 'portal'] }), PLANS);
    const b = estimate(app({ selectedAppType: ['portal', 'shop', 'invoice', 'shop'] }), PLANS);
    expect(a).toEqual(b);
    expect(a.appTypes.map((line) => line.id)).toEqual(['portal', 'shop', 'invoice']);
    expect(a.appTypes.find((line) => line.id === 'invoice')).toMatchObject({ netCents: 0, includedForFree: true });
  });

  it('charges order and invoice again once the shop is deselected', () => {
    const result = estimate(app({ selectedAppType: ['order', 'invoice'] }), PLANS);
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

  it('prices both plans net from their gross product price, times the factor', () => {
    expect(estimate(app({ hostingPlan: 'monthly' }), PLANS).hosting).toEqual({ net: MONTHLY_NET, gross: 9520 });
    expect(estimate(app({ hostingPlan: 'six-months' }), PLANS).hosting).toEqual({ net: SIX_MONTHS_NET, gross: 9000 });
    const big = estimate(app({ hostingPlan: 'six-months', selectedAppType: ['portal', 'timeTracking'] }), PLANS);
    expect(big.hostingFactor).toBe(2);
    expect(big.hosting).toEqual({ net: 2 * SIX_MONTHS_NET, gross: 18000 });
  });

  it('computes the discount badge of the 6-month plan from the two plan prices, rounded down', () => {
    expect(planDiscountPercent(PLANS)).toBe(5); // 5,46 %
    expect(planDiscountPercent({ monthly: 10000, 'six-months': 8000 })).toBe(20);
    expect(planDiscountPercent({ monthly: 10000, 'six-months': 10000 })).toBe(0);
    expect(planDiscountPercent({ monthly: 10000, 'six-months': 12000 })).toBe(0);
  });
});

describe('estimate lines', () => {
  it('adds support hours to the monthly cost and development hours to the setup', () => {
    const result = estimate(app({ selectedAppType: ['portal'], developmentHours: 3, supportHours: 2 }), PLANS);
    expect(result.development!.net).toBe(3 * 9500);
    expect(result.support.net).toBe(2 * 7500);
    expect(result.setup.net).toBe(3 * 9500 + 9000);
    expect(result.monthly.net).toBe(2 * 7500 + MONTHLY_NET);
  });

  it('prices the support tab by support-only hours, without development, hosting or setup', () => {
    const result = estimate(app({ activeTab: 'support', supportOnlyHours: 4, developmentHours: 50, supportHours: 9 }), PLANS);
    expect(result.development).toBeUndefined();
    expect(result.hosting).toBeUndefined();
    expect(result.support).toEqual({ net: 30000, gross: 35700 });
    expect(result.setup).toEqual({ net: 0, gross: 0 });
    expect(result.monthly).toEqual(result.support);
    expect(result.onRequest).toBe(false);
  });

  it('keeps a custom part out of the figures and marks the estimate as partly on request', () => {
    const result = estimate(app({ selectedAppType: ['custom'], developmentHours: 1 }), PLANS);
    expect(result.appTypes).toEqual([{ id: 'custom', name: 'Individuelle Anwendung', credits: 0, netCents: undefined, includedForFree: false }]);
    expect(result.setup.net).toBe(9500);
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
      const result = estimate(state, PLANS);
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
