import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoAccommodations } from '../../src/features/click-dummy/components/booking/accommodations.ts';
import { catalogue, configurator } from '../../src/data/catalogue.ts';
import { domains } from '../../src/data/domains.ts';
import { germanPriceList } from '../../src/data/price-list.ts';
import { prices } from '../../src/data/prices.ts';
import { domainCartId } from '../../src/lib/catalogue.ts';
import { MAX_NIGHTS, priceSummary } from '../../src/features/click-dummy/booking.ts';
import { APP_TYPE_IDS } from '../../src/lib/configurator/app-types.ts';
import { configuredItem, configuredItems } from '../../src/lib/configurator/cart-item.ts';
import { clampHours, MAX_HOURS } from '../../src/lib/configurator/hours.ts';
import { estimate, planDiscountPercent, type Amount as EstimateAmount, type ConfiguratorPrices } from '../../src/lib/configurator/prices.ts';
import { lowestYearlyPrice } from '../../src/lib/domains.ts';
import { formatEuro, grossToNet, netToGross, vatOfNet } from '../../src/lib/money.ts';
import { SEPA_MINIMUM_CENTS } from '../../src/features/billing/terms.ts';
import { paymentProblems, priceCart, type PricedLine } from '../../src/lib/order.ts';
import { amountOf, scheduleOf, type Amount, type AmountLine, type PriceBasis } from '../../src/lib/prices/amounts.ts';
import { rhythmOf, unitsPerPayment } from '../../src/lib/prices/rhythm.ts';
import { decodeStoredCart } from '../../src/lib/schemas/cart.ts';
import { CONFIGURATOR_TABS, DEFAULT_CONFIGURATOR_STATE, HOSTING_PLANS, type ConfiguratorState } from '../../src/lib/schemas/configurator.ts';
import { MAX_QUANTITY } from '../../src/lib/schemas/cart.ts';
import { MAX_LINES } from '../../src/lib/schemas/order.ts';
import { VAT_PERCENTS, type PriceUnit, type Term } from '../../src/lib/schemas/price-source.ts';
import { hostileString } from './arbitraries.ts';

fc.configureGlobal({ numRuns: 200 });

/** Money is integer cents (ARCHITECTURE §3): every amount is a safe integer and never below zero. */
function expectCents(value: number): void {
  expect(Number.isSafeInteger(value), `${value} is not whole cents`).toBe(true);
  expect(value).toBeGreaterThanOrEqual(0);
}

/** A configurator figure: whole cents, gross = net + 19 % rounded. */
function expectEstimateAmount({ net, gross }: EstimateAmount): void {
  expectCents(net);
  expectCents(gross);
  expect(gross).toBe(netToGross(net));
  expect(gross).toBeGreaterThanOrEqual(net);
}

/** An amount of a schedule: whole cents, gross = net + VAT, and the shares per rate add up. */
function expectAmount(amount: Amount): void {
  for (const value of [amount.grossCents, amount.netCents, amount.vatCents]) expectCents(value);
  expect(amount.grossCents).toBe(amount.netCents + amount.vatCents);
  expect(amount.netCents).toBe(amount.byRate.reduce((sum, share) => sum + share.netCents, 0));
  expect(amount.vatCents).toBe(amount.byRate.reduce((sum, share) => sum + share.vatCents, 0));
  const rates = amount.byRate.map((share) => share.percent);
  expect(rates).toEqual([...new Set(rates)].sort((a, b) => b - a));
}

/**
 * The amount the rule of each basis gives (decision 0059), written out here independently of
 * amountOf: the gross is the lines' gross sum; the net is its part per rate (consumers, gross
 * basis) or the sum of the lines' nets (businesses, net basis); the VAT is the difference.
 */
function expectedAmount(parts: readonly { netCents: number; grossCents: number; vatPercent: number }[], basis: PriceBasis) {
  const byRate = new Map<number, { net: number; gross: number }>();
  for (const part of parts) {
    const sum = byRate.get(part.vatPercent) ?? { net: 0, gross: 0 };
    byRate.set(part.vatPercent, { net: sum.net + part.netCents, gross: sum.gross + part.grossCents });
  }
  let net = 0;
  let gross = 0;
  for (const [percent, sum] of byRate) {
    net += basis === 'gross' ? grossToNet(sum.gross, percent) : sum.net;
    gross += sum.gross;
  }
  return { netCents: net, vatCents: gross - net, grossCents: gross };
}

/** A line's payment as amounts.ts makes it: a gross, and the net part of it. */
const paymentOfGross = (grossCents: number, percent: number) => ({ netCents: grossToNet(grossCents, percent), grossCents, vatPercent: percent });

/** Up to a billion euros: far above any order, far below where cents lose precision. */
const cents = fc.integer({ min: 0, max: 100_000_000_000 });
const basis = fc.constantFrom<PriceBasis>('gross', 'net');
const vatPercent = fc.constantFrom(...VAT_PERCENTS);

describe('money', () => {
  it('gross and net convert in whole cents at 19 % and 7 %, gross ≥ net, and net → gross → net is exact', () => {
    fc.assert(
      fc.property(cents, vatPercent, (amount, percent) => {
        expectCents(netToGross(amount, percent));
        expectCents(grossToNet(amount, percent));
        expect(netToGross(amount, percent)).toBeGreaterThanOrEqual(amount);
        expect(grossToNet(amount, percent)).toBeLessThanOrEqual(amount);
        expect(grossToNet(netToGross(amount, percent), percent)).toBe(amount);
        expect(netToGross(amount, percent)).toBe(amount + vatOfNet(amount, percent));
        // The VAT of a net amount is within half a cent of net × rate.
        expect(Math.abs(vatOfNet(amount, percent) - (amount * percent) / 100)).toBeLessThanOrEqual(0.5);
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

  it('an amount splits into net + VAT exactly, per rate and in total, none of them negative', () => {
    const parts = fc.array(
      fc.record({ cents: fc.integer({ min: 0, max: 1_000_000_000 }), vatPercent }).map(({ cents: gross, vatPercent: percent }) => paymentOfGross(gross, percent)),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(parts, basis, (someParts, priceBasis) => {
        const amount = amountOf(someParts, priceBasis);
        expectAmount(amount);
        // Both bases owe the lines' gross; a business's net is exactly its net lines.
        expect(amount.grossCents).toBe(someParts.reduce((total, part) => total + part.grossCents, 0));
        if (priceBasis === 'net') expect(amount.netCents).toBe(someParts.reduce((total, part) => total + part.netCents, 0));
        expect(amount).toMatchObject(expectedAmount(someParts, priceBasis));
        for (const share of amount.byRate) {
          const ofRate = someParts.filter((part) => part.vatPercent === share.percent);
          const gross = ofRate.reduce((total, part) => total + part.grossCents, 0);
          // VAT inside a gross price: within half a cent of gross × rate / (100 + rate) on the sum, or per net line (EN 16931 BR-CO-17 allows 1,00).
          const tolerance = priceBasis === 'gross' ? 0.5 : 0.5 * Math.max(1, ofRate.length);
          expect(Math.abs(share.vatCents - (gross * share.percent) / (100 + share.percent))).toBeLessThanOrEqual(tolerance + 1e-6);
        }
      }),
    );
  });
});

// --- Amounts by rhythm, for arbitrary lines (any rate, unit and term).

const term: fc.Arbitrary<Term> = fc
  .record({ billingMonths: fc.constantFrom(1, 3, 6, 12, 24), multiple: fc.integer({ min: 1, max: 4 }), noticeDays: fc.integer({ min: 0, max: 31 }) })
  .map(({ billingMonths, multiple, noticeDays }) => ({ minimumMonths: billingMonths * multiple, billingMonths, noticeDays }));

const amountLine: fc.Arbitrary<AmountLine> = fc
  .record({
    netCents: fc.integer({ min: 0, max: 10_000_000 }),
    vatPercent,
    quantity: fc.integer({ min: 1, max: MAX_QUANTITY }),
    unit: fc.constantFrom<PriceUnit>('hour', 'once', 'month', 'year'),
    term,
  })
  .map(({ netCents, vatPercent: percent, quantity, unit, term: someTerm }) => ({
    netCents,
    grossCents: netToGross(netCents, percent),
    vatPercent: percent,
    quantity,
    unit,
    // Hours and one-off items have no term; a yearly price is billed in whole years.
    term: unit === 'hour' || unit === 'once' ? undefined : unit === 'year' ? { ...someTerm, billingMonths: 12, minimumMonths: 12 } : someTerm,
  }));

describe('amounts by billing rhythm', () => {
  it('due now = every line\'s payment; each recurring amount = the lines of that rhythm; none adds two rhythms', () => {
    fc.assert(
      fc.property(fc.array(amountLine, { maxLength: 12 }), basis, (lines, priceBasis) => {
        const schedule = scheduleOf(lines, priceBasis);
        const parts = lines.map((line) => paymentOfGross(line.grossCents * line.quantity * unitsPerPayment(line.unit, line.term), line.vatPercent));
        expectAmount(schedule.dueNow);
        expect(schedule.dueNow).toMatchObject(expectedAmount(parts, priceBasis));
        const rhythms = lines.map((line) => rhythmOf(line.unit, line.term));
        const everyMonths = [...new Set(rhythms.flatMap((rhythm) => (rhythm.kind === 'recurring' ? [rhythm.everyMonths] : [])))].sort((a, b) => a - b);
        expect(schedule.recurring.map((entry) => entry.everyMonths)).toEqual(everyMonths);
        for (const { everyMonths: months, amount } of schedule.recurring) {
          expectAmount(amount);
          const ofRhythm = parts.filter((_, index) => {
            const rhythm = rhythms[index]!;
            return rhythm.kind === 'recurring' && rhythm.everyMonths === months;
          });
          expect(amount).toMatchObject(expectedAmount(ofRhythm, priceBasis));
        }
      }),
    );
  });
});

// --- The shop: every id the catalogue can price, plus ids it cannot.

const productIds = prices.entries.filter((entry) => !entry.appType && !entry.domain).map((entry) => entry.id);
const domainIds = domains.map((row) => domainCartId(row.tld, 'beispiel-firma'));

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

const configuredIds = configuratorState.map((state) => configuredItems(state, configurator).map((item) => item.id));

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

/** Lines of a priced cart as parts of an amount, in the cart's basis. */
const partsOf = (lines: readonly PricedLine[]) => lines.map((line) => paymentOfGross(line.paymentGrossCents, line.vatPercent));

describe('the cart and the order', () => {
  it('prices every line in whole cents: gross unit price × quantity × units per payment, a business line its net part', () => {
    fc.assert(
      fc.property(orderItems, basis, (items, priceBasis) => {
        const priced = priceCart(catalogue, items, priceBasis);
        expect(priced.basis).toBe(priceBasis);
        for (const line of priced.lines) {
          expectCents(line.unitCents);
          expectCents(line.paymentCents);
          if (!line.entry) {
            expect([line.unitCents, line.paymentCents]).toEqual([0, 0]);
            continue;
          }
          expect(line.unitCents).toBe(priceBasis === 'gross' ? line.entry.grossCents : line.entry.netCents);
          expect(line.paymentGrossCents).toBe(line.entry.grossCents * line.quantity * unitsPerPayment(line.entry.unit, line.entry.term));
          expect(line.paymentCents).toBe(priceBasis === 'gross' ? line.paymentGrossCents : grossToNet(line.paymentGrossCents, line.vatPercent));
          expect(line.rhythm).toEqual(rhythmOf(line.entry.unit, line.entry.term));
        }
      }),
    );
  });

  it('due now = the sum of every line\'s payment by the basis\' rule; each recurring amount = the sum of the lines of that rhythm', () => {
    fc.assert(
      fc.property(orderItems, basis, (items, priceBasis) => {
        const { lines, schedule } = priceCart(catalogue, items, priceBasis);
        expectAmount(schedule.dueNow);
        expect(schedule.dueNow.grossCents).toBe(lines.reduce((sum, line) => sum + line.paymentGrossCents, 0));
        if (priceBasis === 'net') expect(schedule.dueNow.netCents).toBe(lines.reduce((sum, line) => sum + line.paymentCents, 0));
        expect(schedule.dueNow).toMatchObject(expectedAmount(partsOf(lines), priceBasis));

        const recurringLines = lines.filter((line) => line.rhythm.kind === 'recurring');
        const rhythms = [...new Set(recurringLines.map((line) => (line.rhythm.kind === 'recurring' ? line.rhythm.everyMonths : 0)))].sort((a, b) => a - b);
        expect(schedule.recurring.map((entry) => entry.everyMonths)).toEqual(rhythms);
        for (const { everyMonths, amount } of schedule.recurring) {
          expectAmount(amount);
          const ofRhythm = recurringLines.filter((line) => line.rhythm.kind === 'recurring' && line.rhythm.everyMonths === everyMonths);
          expect(amount.grossCents).toBe(ofRhythm.reduce((sum, line) => sum + line.paymentGrossCents, 0));
          expect(amount).toMatchObject(expectedAmount(partsOf(ofRhythm), priceBasis));
        }
      }),
    );
  });

  it('a consumer\'s due-now gross is exactly the sum of the gross line payments, and SEPA depends on it alone', () => {
    fc.assert(
      fc.property(orderItems, (items) => {
        const consumer = priceCart(catalogue, items, 'gross');
        expect(consumer.schedule.dueNow.grossCents).toBe(consumer.lines.reduce((sum, line) => sum + line.paymentCents, 0));
        for (const cart of [consumer, priceCart(catalogue, items, 'net')]) {
          const sepa = paymentProblems('sepa', cart.schedule);
          expect('paymentMethod' in sepa).toBe(cart.schedule.dueNow.grossCents < SEPA_MINIMUM_CENTS);
        }
      }),
    );
  });

  it('an unknown id is a problem of the order, never a price', () => {
    fc.assert(
      fc.property(hostileString.filter((id) => catalogue.get(id) === undefined), fc.integer({ min: 1, max: MAX_QUANTITY }), basis, (id, quantity, priceBasis) => {
        const priced = priceCart(catalogue, [{ id, quantity }], priceBasis);
        expect(priced.lines[0]!.paymentCents).toBe(0);
        expect(priced.schedule.dueNow.grossCents).toBe(0);
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
        expectAmount(priced.schedule.dueNow);
        for (const { amount } of priced.schedule.recurring) expectAmount(amount);
        for (const line of priced.lines) expect(line.quantity).toBeLessThanOrEqual(MAX_QUANTITY);
      }),
    );
  });

  it('the catalogue answers any id without throwing; what it prices is whole cents ≥ 0, net inside gross at its rate', () => {
    fc.assert(
      fc.property(fc.oneof(cartId, hostileString, fc.string().map((s) => `konfiguration-betrieb:${s}`)), (id) => {
        const entry = catalogue.get(id);
        if (!entry) return;
        expectCents(entry.netCents);
        expectCents(entry.grossCents);
        expect(grossToNet(entry.grossCents, entry.vatPercent)).toBe(entry.netCents);
      }),
    );
  });
});

describe('the configurator', () => {
  it('every figure of the estimate is whole cents ≥ 0, gross = net + 19 % rounded, and the sums add up', () => {
    fc.assert(
      fc.property(configuratorState, (state) => {
        const result = estimate(state, configurator);
        for (const figure of [result.development, result.support, result.hosting, result.setup, result.monthly]) if (figure) expectEstimateAmount(figure);
        for (const line of result.appTypes) if (line.netCents !== undefined) expectCents(line.netCents);
        const appTypesNet = result.appTypes.reduce((sum, line) => sum + (line.netCents ?? 0), 0);
        expect(result.setup.net).toBe((result.development?.net ?? 0) + appTypesNet);
        expect(result.monthly.net).toBe((result.hosting?.net ?? 0) + result.support.net);
        expect(result.hostingFactor).toBeGreaterThanOrEqual(1);
        if (result.development) expect(result.development.net).toBe(state.developmentHours * configurator.developmentHour.netCents);
      }),
    );
  });

  it('a configured cart item prices the same from its id as in the configurator, and the catalogue agrees', () => {
    fc.assert(
      fc.property(configuratorState, (state) => {
        const result = estimate(state, configurator);
        for (const item of configuredItems(state, configurator)) {
          expectCents(item.netCents);
          expect(item.netCents).toBeGreaterThan(0);
          const figure = item.unit === 'once' ? result.setup : result.monthly;
          expect([item.netCents, item.grossCents]).toEqual([figure.net, figure.gross]);
          const fromId = configuredItem(item.id, configurator);
          expect(fromId).toEqual(item);
          expect(catalogue.get(item.id)).toMatchObject({ netCents: item.netCents, grossCents: item.grossCents, unit: item.unit, term: item.term });
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
    const plan = (grossCents: number, months: number) => ({
      netCents: grossToNet(grossCents),
      grossCents,
      vatPercent: 19,
      term: { minimumMonths: months, billingMonths: months, noticeDays: 10 },
    });
    fc.assert(
      fc.property(cents, cents, (monthly, sixMonths) => {
        const plans: ConfiguratorPrices['plans'] = { monthly: plan(monthly, 1), 'six-months': plan(sixMonths, 6) };
        const percent = planDiscountPercent(plans);
        expect(Number.isInteger(percent)).toBe(true);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
    );
    expect(planDiscountPercent(configurator.plans)).toBe(5);
    expect(estimate(DEFAULT_CONFIGURATOR_STATE, configurator).monthly.gross).toBeGreaterThan(0);
  });
});

describe('price list, domains and the booking demo', () => {
  it('the price list shows whole cents ≥ 0, each net price inside its gross price', () => {
    for (const row of germanPriceList.flatMap((section) => section.rows)) {
      expectCents(row.grossCents);
      expectCents(row.netCents);
      expect(grossToNet(row.grossCents, row.vatPercent), row.id).toBe(row.netCents);
      if (row.paymentGrossCents !== undefined) expectCents(row.paymentGrossCents);
    }
    expectCents(lowestYearlyPrice(domains));
    expect(domains.every((row) => row.yearCents >= lowestYearlyPrice(domains))).toBe(true);
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
