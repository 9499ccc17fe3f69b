import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoAccommodations } from '../../src/components/click-dummy/booking/accommodations.ts';
import { domainCartId } from '../../src/lib/catalogue.ts';
import { MAX_NIGHTS, priceSummary } from '../../src/lib/click-dummy/booking.ts';
import { APP_TYPE_IDS } from '../../src/lib/configurator/app-types.ts';
import { configuredItem, configuredItems } from '../../src/lib/configurator/cart-item.ts';
import { hostingPlans } from '../../src/lib/configurator/hosting-plans.ts';
import { clampHours, MAX_HOURS } from '../../src/lib/configurator/hours.ts';
import { estimate, planDiscountPercent, type Amount } from '../../src/lib/configurator/prices.ts';
import { lowestYearlyPrice } from '../../src/lib/domains.ts';
import { formatEuro, grossToNet, netToGross } from '../../src/lib/money.ts';
import { lineCents, paymentProblems, priceCart, SEPA_MINIMUM_CENTS, totalsOf } from '../../src/lib/order.ts';
import { decodeStoredCart } from '../../src/lib/schemas/cart.ts';
import { CONFIGURATOR_TABS, DEFAULT_CONFIGURATOR_STATE, HOSTING_PLANS, type ConfiguratorState } from '../../src/lib/schemas/configurator.ts';
import { MAX_LINES, MAX_QUANTITY } from '../../src/lib/schemas/order.ts';
import { catalogue } from '../../src/data/catalogue.ts';
import { domains } from '../../src/data/domains.ts';
import { germanProducts } from '../../src/data/offers.ts';
import { germanPriceList } from '../../src/data/price-list.ts';
import { hostileString } from './arbitraries.ts';

fc.configureGlobal({ numRuns: 200 });

/** Money is integer cents (ARCHITECTURE §3): every amount is a safe integer and never below zero. */
function expectCents(value: number): void {
  expect(Number.isSafeInteger(value), `${value} is not whole cents`).toBe(true);
  expect(value).toBeGreaterThanOrEqual(0);
}

function expectAmount({ net, gross }: Amount): void {
  expectCents(net);
  expectCents(gross);
  expect(gross).toBe(netToGross(net));
  expect(gross).toBeGreaterThanOrEqual(net);
}

/** Up to a billion euros: far above any order, far below where cents lose precision. */
const cents = fc.integer({ min: 0, max: 100_000_000_000 });

describe('money', () => {
  it('gross and net convert in whole cents, gross ≥ net, and net → gross → net is exact', () => {
    fc.assert(
      fc.property(cents, (amount) => {
        expectCents(netToGross(amount));
        expectCents(grossToNet(amount));
        expect(netToGross(amount)).toBeGreaterThanOrEqual(amount);
        expect(grossToNet(amount)).toBeLessThanOrEqual(amount);
        expect(grossToNet(netToGross(amount))).toBe(amount);
      }),
    );
  });

  it('formats every amount as German euros and refuses anything but whole cents', () => {
    fc.assert(
      fc.property(cents, (amount) => {
        expect(formatEuro(amount)).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\u00A0€$/);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.double({ noInteger: true }), fc.constantFrom(Number.NaN, Infinity, 2 ** 60)), (notCents) => {
        expect(() => formatEuro(notCents)).toThrow(RangeError);
      }),
    );
  });

  it('an order total splits into net + VAT exactly, none of them negative', () => {
    fc.assert(
      fc.property(cents, (gross) => {
        const totals = totalsOf(gross);
        expectCents(totals.netCents);
        expectCents(totals.vatCents);
        expect(totals.netCents + totals.vatCents).toBe(totals.totalCents);
        expect(totals.totalCents).toBe(gross);
        // 19 % VAT inside a gross price: within half a cent of gross × 0.19 / 1.19.
        expect(Math.abs(totals.vatCents - (gross * 0.19) / 1.19)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});

// --- The shop: every id the catalogue can price, plus ids it cannot.

const productIds = germanProducts.map((product) => product.id);
const domainIds = domains.tlds.map((row) => domainCartId(row.tld, 'beispiel-firma'));

const configuratorState: fc.Arbitrary<ConfiguratorState> = fc.record({
  activeTab: fc.constantFrom(...CONFIGURATOR_TABS),
  showAppForm: fc.boolean(),
  showSupportForm: fc.boolean(),
  developmentHours: fc.integer({ min: 0, max: MAX_HOURS }),
  supportHours: fc.integer({ min: 0, max: MAX_HOURS }),
  supportOnlyHours: fc.integer({ min: 1, max: MAX_HOURS }),
  hostingPlan: fc.constantFrom(...HOSTING_PLANS),
  includeVAT: fc.boolean(),
  customizationRequired: fc.constantFrom('yes' as const, 'no' as const),
  selectedAppType: fc.shuffledSubarray([...APP_TYPE_IDS]),
});

const configuredIds = configuratorState.map((state) => configuredItems(state, hostingPlans).map((item) => item.id));

const cartId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...productIds) },
  { weight: 2, arbitrary: fc.constantFrom(...domainIds) },
  { weight: 2, arbitrary: configuredIds.filter((ids) => ids.length > 0).map((ids) => ids[0]!) },
  { weight: 1, arbitrary: hostileString },
);

const orderItems = fc.uniqueArray(fc.record({ id: cartId, quantity: fc.integer({ min: 1, max: MAX_QUANTITY }) }), {
  minLength: 1,
  maxLength: MAX_LINES,
  selector: (item) => item.id,
});

describe('the cart and the order', () => {
  it('prices every order in whole cents: lines ≥ 0, total = sum of lines = net + VAT', () => {
    fc.assert(
      fc.property(orderItems, (items) => {
        const priced = priceCart(catalogue, items);
        for (const line of priced.lines) {
          expectCents(line.unitCents);
          expectCents(line.lineCents);
          expect(line.lineCents).toBe(lineCents(line.unitCents, line.quantity));
        }
        expect(priced.totals.totalCents).toBe(priced.lines.reduce((sum, line) => sum + line.lineCents, 0));
        expectCents(priced.totals.totalCents);
        expect(priced.totals.netCents + priced.totals.vatCents).toBe(priced.totals.totalCents);
        expect(priced.totals).toEqual(totalsOf(priced.totals.totalCents));
        const sepa = paymentProblems('sepa', priced.totals);
        expect('paymentMethod' in sepa).toBe(priced.totals.totalCents < SEPA_MINIMUM_CENTS);
      }),
    );
  });

  it('an unknown id is a problem of the order, never a price', () => {
    fc.assert(
      fc.property(hostileString.filter((id) => catalogue.get(id) === undefined), fc.integer({ min: 1, max: MAX_QUANTITY }), (id, quantity) => {
        const priced = priceCart(catalogue, [{ id, quantity }]);
        expect(priced.lines[0]!.lineCents).toBe(0);
        expect(priced.problems['items.0.id']).toBeDefined();
      }),
    );
  });

  it('whatever the browser storage holds, the cart prices it without throwing', () => {
    const storedEntry = fc.record({
      id: fc.oneof(cartId, fc.string()),
      quantity: fc.oneof(fc.integer({ min: -5, max: 2000 }), fc.constantFrom(1e16, 2 ** 53, 1e300, 1.5, -0, Number.MAX_SAFE_INTEGER)),
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(storedEntry, fc.anything({ maxDepth: 1 })), { maxLength: 60 }), (entries) => {
        const priced = priceCart(catalogue, decodeStoredCart(JSON.stringify(entries)));
        expectCents(priced.totals.totalCents);
        for (const line of priced.lines) expect(line.quantity).toBeLessThanOrEqual(MAX_QUANTITY);
      }),
    );
  });

  it('the catalogue answers any id without throwing; what it prices is whole cents ≥ 0', () => {
    fc.assert(
      fc.property(fc.oneof(cartId, hostileString, fc.string().map((s) => `konfiguration-betrieb:${s}`)), (id) => {
        const entry = catalogue.get(id);
        if (entry) expectCents(entry.unitCents);
      }),
    );
  });
});

describe('the configurator', () => {
  it('every figure of the estimate is whole cents ≥ 0, gross = net × 1,19 rounded, and the sums add up', () => {
    fc.assert(
      fc.property(configuratorState, (state) => {
        const result = estimate(state, hostingPlans);
        for (const figure of [result.development, result.support, result.hosting, result.setup, result.monthly]) if (figure) expectAmount(figure);
        for (const line of result.appTypes) if (line.netCents !== undefined) expectCents(line.netCents);
        const appTypesNet = result.appTypes.reduce((sum, line) => sum + (line.netCents ?? 0), 0);
        expect(result.setup.net).toBe((result.development?.net ?? 0) + appTypesNet);
        expect(result.monthly.net).toBe((result.hosting?.net ?? 0) + result.support.net);
        expect(result.hostingFactor).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('a configured cart item prices the same from its id as in the configurator, and the catalogue agrees', () => {
    fc.assert(
      fc.property(configuratorState, (state) => {
        for (const item of configuredItems(state, hostingPlans)) {
          expectCents(item.unitCents);
          expect(item.unitCents).toBeGreaterThan(0);
          expect(configuredItem(item.id, hostingPlans)?.unitCents).toBe(item.unitCents);
          expect(catalogue.get(item.id)?.unitCents).toBe(item.unitCents);
        }
      }),
    );
  });

  it('hours typed in any form stay whole and within their bounds', () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, fc.double(), fc.integer()), fc.constantFrom(0, 1), (raw, minimum) => {
        const hours = clampHours(raw, minimum);
        expect(Number.isInteger(hours)).toBe(true);
        expect(hours).toBeGreaterThanOrEqual(minimum);
        expect(hours).toBeLessThanOrEqual(MAX_HOURS);
      }),
    );
  });

  it('the plan discount is a whole percentage from 0 to 100, whatever the plan prices', () => {
    fc.assert(
      fc.property(cents, cents, (monthly, sixMonths) => {
        const percent = planDiscountPercent({ monthly, 'six-months': sixMonths });
        expect(Number.isInteger(percent)).toBe(true);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
    );
    expect(planDiscountPercent(hostingPlans)).toBeGreaterThanOrEqual(0);
    expect(estimate(DEFAULT_CONFIGURATOR_STATE, hostingPlans).monthly.gross).toBeGreaterThan(0);
  });
});

describe('price list, domains and the booking demo', () => {
  it('the price list shows whole cents ≥ 0, each net price with its gross', () => {
    for (const row of germanPriceList.sections.flatMap((section) => section.rows)) expectCents(row.grossCents);
    for (const item of germanPriceList.netPrices) {
      expectAmount({ net: item.netValue, gross: item.grossValue });
    }
    expectCents(lowestYearlyPrice(domains.tlds));
    expect(domains.tlds.every((row) => row.priceYear >= lowestYearlyPrice(domains.tlds))).toBe(true);
  });

  it('a stay costs nights × price per night plus cleaning, never less than zero', () => {
    const accommodations = demoAccommodations('2030-06-01');
    fc.assert(
      fc.property(fc.constantFrom(...accommodations), fc.integer({ min: 1, max: MAX_NIGHTS }), (accommodation, nights) => {
        const summary = priceSummary(accommodation, nights);
        expectCents(summary.total);
        expect(summary.total).toBe(summary.lodging + summary.cleaningFee);
        expect(summary.lodging).toBe(accommodation.pricePerNight * nights);
      }),
    );
  });
});
