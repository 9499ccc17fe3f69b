import { describe, expect, it } from 'vitest';
import { SEPA_MINIMUM_CENTS } from '../../../src/features/billing/terms.ts';
import { catalogue } from '../../../src/data/catalogue.ts';
import { buildCatalogue, domainCartId } from '../../../src/lib/catalogue.ts';
import { paymentProblems, priceCart, type CartEntry, type PricedCart } from '../../../src/lib/order.ts';
import { PRICE_BASIS, scheduleOf, unitCents, type Amount, type PriceBasis } from '../../../src/lib/prices/amounts.ts';
import { durationText, everyText, paymentText, rhythmOf, secondPaymentText, unitsPerPayment } from '../../../src/lib/prices/rhythm.ts';
import { loadPriceSource } from '../../../src/lib/prices/source.ts';
import { amountText, lineText, recurringLabel, vatText } from '../../../src/lib/prices/statement.ts';
import { rawEntries, type RawEntry } from './price-source-fixtures.ts';

/**
 * Amounts by billing rhythm (src/lib/prices/amounts.ts): what is due now — every one-off item
 * plus the first billing period of every contract — and each recurring amount per rhythm.
 * Consumers pay gross prices (VAT is the part of the gross sum it contains), businesses net
 * prices (VAT on the net sum per rate). Every fixture below is worked out by hand, in cents.
 */

const NBSP = '\u00a0';

/** An amount at 19 % only, as the fixtures write it. */
const at19 = (netCents: number, vatCents: number, grossCents: number): Amount => ({ netCents, vatCents, grossCents, byRate: [{ percent: 19, netCents, vatCents }] });

const recurring = (cart: PricedCart) => cart.schedule.recurring.map(({ everyMonths, amount }) => [everyMonths, amount] as const);

describe('the mixed cart of issue 18: 1 × Webapp Basis (6 Monate), 2 × Softwareentwicklung, 1 × .de domain', () => {
  const items: CartEntry[] = [
    { id: 'webapp-basis-6m', quantity: 1 },
    { id: 'software-development', quantity: 2 },
    { id: domainCartId('de', 'mueller-bau'), quantity: 1 },
  ];

  it('consumer (gross prices): due now 742,40 €, then 540,00 € every 6 months and 12,00 € every 12 months', () => {
    const cart = priceCart(catalogue, items, 'gross');
    // 6 × 90,00 € + 2 × 95,20 € + 12,00 €
    expect(cart.lines.map((line) => line.paymentCents)).toEqual([54000, 19040, 1200]);
    expect(cart.schedule.dueNow).toEqual(at19(62387, 11853, 74240));
    expect(recurring(cart)).toEqual([
      [6, at19(45378, 8622, 54000)],
      [12, at19(1008, 192, 1200)],
    ]);
    expect(cart.problems).toEqual({});
  });

  it('business (net lines): due now 623,86 € + 118,54 € VAT = 742,40 €, the consumer’s gross; then 453,78 € + VAT every 6 months and 10,08 € + VAT every 12 months', () => {
    const cart = priceCart(catalogue, items, 'net');
    // The net part of each line's gross: 540,00 € → 453,78 €, 190,40 € → 160,00 €, 12,00 € → 10,08 €.
    expect(cart.lines.map((line) => line.paymentCents)).toEqual([45378, 16000, 1008]);
    expect(cart.lines.map((line) => line.paymentGrossCents)).toEqual([54000, 19040, 1200]);
    expect(cart.schedule.dueNow).toEqual(at19(62386, 11854, 74240));
    expect(recurring(cart)).toEqual([
      [6, at19(45378, 8622, 54000)],
      [12, at19(1008, 192, 1200)],
    ]);
  });

  it('no figure adds amounts of different rhythms', () => {
    for (const basis of ['gross', 'net'] as const) {
      const { schedule } = priceCart(catalogue, items, basis);
      // One amount per rhythm; 6-month and yearly payments are never summed (540,00 € + 12,00 €).
      expect(schedule.recurring.map((entry) => entry.everyMonths)).toEqual([6, 12]);
      const figures = [schedule.dueNow, ...schedule.recurring.map((entry) => entry.amount)].flatMap((amount) => [amount.grossCents, amount.netCents]);
      expect(figures).not.toContain(54000 + 1200);
      expect(figures).not.toContain(45378 + 1008);
    }
  });

  it('reads the same in every statement: gross amounts with the VAT they contain, net ones with the VAT added', () => {
    const consumer = priceCart(catalogue, items, 'gross');
    const business = priceCart(catalogue, items, 'net');
    expect(amountText(consumer.schedule.dueNow, 'gross')).toBe(`742,40${NBSP}€ inkl. 19${NBSP}% USt. 118,53${NBSP}€`);
    expect(amountText(business.schedule.dueNow, 'net')).toBe(`623,86${NBSP}€ netto zzgl. 19${NBSP}% USt. 118,54${NBSP}€ = 742,40${NBSP}€ brutto`);
    expect(recurring(consumer).map(([months, amount]) => `${recurringLabel(months)}: ${amountText(amount, 'gross')}`)).toEqual([
      `ab dem 7. Monat je 6 Monate: 540,00${NBSP}€ inkl. 19${NBSP}% USt. 86,22${NBSP}€`,
      `ab dem 2. Jahr jährlich: 12,00${NBSP}€ inkl. 19${NBSP}% USt. 1,92${NBSP}€`,
    ]);
    expect(lineText(consumer.lines[1]!, 'gross', 'gross')).toBe(`2 × 95,20${NBSP}€ pro Stunde = 190,40${NBSP}€, gebuchte Stunden, einmalig zu zahlen`);
    expect(lineText(consumer.lines[0]!, 'gross', 'gross')).toBe(`1 × 90,00${NBSP}€ pro Monat = 540,00${NBSP}€, im Voraus je 6 Monate`);
    expect(lineText(business.lines[1]!, 'net', 'net')).toBe(`2 × 80,00${NBSP}€ netto pro Stunde = 160,00${NBSP}€ netto, gebuchte Stunden, einmalig zu zahlen`);
    expect(lineText(business.lines[2]!, 'net', 'net')).toBe(`1 × 10,08${NBSP}€ netto pro Jahr = 10,08${NBSP}€ netto, jährlich im Voraus`);
  });
});

describe('further mixed carts, worked out by hand', () => {
  it('one-off only: 3 × Backup wiederherstellen, 2 × Softwareentwicklung — everything due now, nothing recurs', () => {
    const items = [
      { id: 'restore-backup', quantity: 3 },
      { id: 'software-development', quantity: 2 },
    ];
    const consumer = priceCart(catalogue, items, 'gross');
    // 3 × 20,00 € + 2 × 95,20 € = 250,40 €; 250,40 € / 1,19 = 210,420… €
    expect(consumer.schedule).toEqual({ dueNow: at19(21042, 3998, 25040), recurring: [] });
    const business = priceCart(catalogue, items, 'net');
    // The net parts of 60,00 € and 190,40 €: 50,42 € + 160,00 € (not 3 × 16,81 € = 50,43 €).
    expect(business.lines.map((line) => line.unitCents)).toEqual([1681, 8000]);
    expect(business.lines.map((line) => line.paymentCents)).toEqual([5042, 16000]);
    expect(business.schedule).toEqual({ dueNow: at19(21042, 3998, 25040), recurring: [] });
  });

  it('monthly + yearly: Webapp Basis (1 Monat), 2 × 50 GB Speicher, a .com domain', () => {
    const items = [
      { id: 'webapp-basis-1m', quantity: 1 },
      { id: 'extra-storage-50gb', quantity: 2 },
      { id: domainCartId('com', 'beispiel'), quantity: 1 },
    ];
    const consumer = priceCart(catalogue, items, 'gross');
    // Monthly 95,20 € + 2 × 12,00 € = 119,20 €; yearly 30,00 €; now both: 149,20 €.
    expect(consumer.schedule.dueNow).toEqual(at19(12538, 2382, 14920));
    expect(recurring(consumer)).toEqual([
      [1, at19(10017, 1903, 11920)],
      [12, at19(2521, 479, 3000)],
    ]);
    const business = priceCart(catalogue, items, 'net');
    // Monthly 80,00 € + 20,17 € (the net part of 2 × 12,00 €) = 100,17 € net; yearly 25,21 € net.
    expect(business.schedule.dueNow).toEqual(at19(12538, 2382, 14920));
    expect(recurring(business)).toEqual([
      [1, at19(10017, 1903, 11920)],
      [12, at19(2521, 479, 3000)],
    ]);
  });

  it('quantities above 1: 3 × Webapp Business (6 Monate), 10 support hours, 4 hours of customisation', () => {
    const items = [
      { id: 'webapp-business-6m', quantity: 3 },
      { id: 'support-hour', quantity: 10 },
      { id: 'anpassung', quantity: 4 },
    ];
    const consumer = priceCart(catalogue, items, 'gross');
    // 3 × 6 × 213,00 € = 3.834,00 €; 10 × 89,25 € = 892,50 €; 4 × 95,20 € = 380,80 €.
    expect(consumer.lines.map((line) => line.paymentCents)).toEqual([383400, 89250, 38080]);
    expect(consumer.schedule.dueNow).toEqual(at19(429185, 81545, 510730));
    expect(recurring(consumer)).toEqual([[6, at19(322185, 61215, 383400)]]);
    const business = priceCart(catalogue, items, 'net');
    // The net part of 3.834,00 € is 3.221,85 € – not 3 × 6 × 178,99 € = 3.221,82 €, which gave 3.833,97 €; 10 × 75,00 €; 4 × 80,00 €.
    expect(business.lines.map((line) => line.paymentCents)).toEqual([322185, 75000, 32000]);
    expect(business.schedule.dueNow).toEqual(at19(429185, 81545, 510730));
    expect(recurring(business)).toEqual([[6, at19(322185, 61215, 383400)]]);
  });

  it('the on-site hosting surcharge is stated gross (105,00 €); a business reads it net (88,24 €) and pays the same 105,00 €', () => {
    const consumer = priceCart(catalogue, [{ id: 'onsite-hosting-surcharge', quantity: 1 }], 'gross');
    expect(consumer.schedule.dueNow).toEqual(at19(8824, 1676, 10500));
    const business = priceCart(catalogue, [{ id: 'onsite-hosting-surcharge', quantity: 1 }], 'net');
    expect(business.lines[0]!.unitCents).toBe(8824);
    // 88,24 € + 19 % would be 105,01 €: the VAT is the rest of the gross, 16,76 € (EN 16931 BR-CO-17 allows the rounding).
    expect(business.schedule.dueNow).toEqual(at19(8824, 1676, 10500));
  });
});

/** Two entries at 7 % VAT, added to a copy of the source: a handbook (19,99 € gross once) and a magazine (5,00 € net per month, paid yearly). */
function withSevenPercentEntries(): RawEntry[] {
  const entries = rawEntries();
  entries.push(
    {
      id: 'handbuch',
      data: { name: 'Handbuch', group: 'zusatzleistungen', description: 'Das gedruckte Handbuch zu Ihrer Anwendung.', grossCents: 1999, vatPercent: 7, unit: 'once' },
    },
    {
      id: 'fachmagazin',
      data: {
        name: 'Fachmagazin',
        group: 'zusatzleistungen',
        description: 'Das Fachmagazin im Abonnement.',
        netCents: 500,
        vatPercent: 7,
        unit: 'month',
        term: { minimumMonths: 12, billingMonths: 12, noticeDays: 10 },
      },
    },
  );
  return entries;
}

describe('VAT per rate: a 7 % entry next to 19 % ones', () => {
  const source = loadPriceSource(withSevenPercentEntries());
  const shop = buildCatalogue(source);
  const items = [
    { id: 'handbuch', quantity: 3 },
    { id: 'restore-backup', quantity: 1 },
    { id: 'fachmagazin', quantity: 1 },
  ];

  it('loads the 7 % entries with both prices at their own rate', () => {
    expect(source.require('handbuch')).toMatchObject({ grossCents: 1999, netCents: 1868, vatPercent: 7 }); // 19,99 € / 1,07 = 18,682… €
    expect(source.require('fachmagazin')).toMatchObject({ grossCents: 535, netCents: 500, vatPercent: 7 });
    expect(shop.get('handbuch')).toMatchObject({ grossCents: 1999, netCents: 1868, vatPercent: 7, kind: 'service' });
  });

  it('consumer: the VAT of each rate is the part of that rate\'s gross sum it contains', () => {
    const cart = priceCart(shop, items, 'gross');
    // 7 %: 3 × 19,99 € + 12 × 5,35 € = 124,17 € → net 116,05 €, VAT 8,12 €; 19 %: 20,00 € → 16,81 € + 3,19 €.
    expect(cart.lines.map((line) => [line.paymentCents, line.vatPercent])).toEqual([
      [5997, 7],
      [2000, 19],
      [6420, 7],
    ]);
    expect(cart.schedule.dueNow).toEqual({
      grossCents: 14417,
      netCents: 13286,
      vatCents: 1131,
      byRate: [
        { percent: 19, netCents: 1681, vatCents: 319 },
        { percent: 7, netCents: 11605, vatCents: 812 },
      ],
    });
    expect(recurring(cart)).toEqual([[12, { grossCents: 6420, netCents: 6000, vatCents: 420, byRate: [{ percent: 7, netCents: 6000, vatCents: 420 }] }]]);
    expect(vatText(cart.schedule.dueNow, 'gross')).toBe(`inkl. 19${NBSP}% USt. 3,19${NBSP}€, inkl. 7${NBSP}% USt. 8,12${NBSP}€`);
  });

  it('business: net lines, the same gross per rate as the consumer\'s, the VAT the rest', () => {
    const cart = priceCart(shop, items, 'net');
    // 7 %: the net parts of 59,97 € and 64,20 €: 56,05 € + 60,00 € = 116,05 €; 19 %: 16,81 €.
    expect(cart.lines.map((line) => line.paymentCents)).toEqual([5605, 1681, 6000]);
    expect(cart.schedule.dueNow).toEqual({
      grossCents: 14417,
      netCents: 13286,
      vatCents: 1131,
      byRate: [
        { percent: 19, netCents: 1681, vatCents: 319 },
        { percent: 7, netCents: 11605, vatCents: 812 },
      ],
    });
    expect(recurring(cart)).toEqual([[12, { grossCents: 6420, netCents: 6000, vatCents: 420, byRate: [{ percent: 7, netCents: 6000, vatCents: 420 }] }]]);
    expect(vatText(cart.schedule.dueNow, 'net')).toBe(`zzgl. 19${NBSP}% USt. 3,19${NBSP}€, zzgl. 7${NBSP}% USt. 8,12${NBSP}€`);
  });
});

describe('the SEPA minimum applies to what is due now', () => {
  /** A small monthly item (5,00 € gross per month), paid monthly or per 6 months in advance. */
  function smallContract(billingMonths: number) {
    const entries = rawEntries();
    entries.push({
      id: 'klein',
      data: {
        name: 'Kleinleistung',
        group: 'zusatzleistungen',
        description: 'Eine kleine Leistung.',
        grossCents: 500,
        vatPercent: 19,
        unit: 'month',
        term: { minimumMonths: billingMonths, billingMonths, noticeDays: 10 },
      },
    });
    return buildCatalogue(loadPriceSource(entries));
  }

  it('is 10,00 €', () => {
    expect(SEPA_MINIMUM_CENTS).toBe(1000);
  });

  it('refuses direct debit when less than 10,00 € is due now', () => {
    const cart = priceCart(smallContract(1), [{ id: 'klein', quantity: 1 }]);
    expect(cart.schedule.dueNow.grossCents).toBe(500);
    expect(paymentProblems('sepa', cart.schedule)).toHaveProperty('paymentMethod');
    expect(paymentProblems('invoice', cart.schedule)).toEqual({});
  });

  it('allows it when the first payment reaches 10,00 €, however small the monthly price or the later payments', () => {
    // 6 × 5,00 € = 30,00 € paid in advance now, though one month costs 5,00 €.
    const sixMonths = priceCart(smallContract(6), [{ id: 'klein', quantity: 1 }]);
    expect(sixMonths.schedule.dueNow.grossCents).toBe(3000);
    expect(paymentProblems('sepa', sixMonths.schedule)).toEqual({});
    // 20,00 € backup + 5,00 € first month now; later only 5,00 € a month.
    const withBackup = priceCart(smallContract(1), [
      { id: 'klein', quantity: 1 },
      { id: 'restore-backup', quantity: 1 },
    ]);
    expect(withBackup.schedule.dueNow.grossCents).toBe(2500);
    expect(withBackup.schedule.recurring.map(({ amount }) => amount.grossCents)).toEqual([500]);
    expect(paymentProblems('sepa', withBackup.schedule)).toEqual({});
  });

  it('for a business, compares the same gross due now as for a consumer', () => {
    const due = (grossCents: number) => scheduleOf([{ netCents: 0, grossCents, vatPercent: 19, quantity: 1, unit: 'once', term: undefined }], 'net');
    expect(due(1000).dueNow).toMatchObject({ grossCents: 1000, netCents: 840 });
    expect(paymentProblems('sepa', due(1000))).toEqual({});
    expect(due(999).dueNow.grossCents).toBe(999);
    expect(paymentProblems('sepa', due(999))).toHaveProperty('paymentMethod');
  });
});

describe('price basis and rhythm', () => {
  it('consumers pay gross prices, businesses net prices', () => {
    expect(PRICE_BASIS).toEqual({ consumer: 'gross', business: 'net' });
    const hour = catalogue.get('software-development')!;
    expect((['gross', 'net'] as PriceBasis[]).map((basis) => unitCents(hour, basis))).toEqual([9520, 8000]);
  });

  it('pays hours and one-off items once, contracts in advance per billing period', () => {
    const sixMonths = { minimumMonths: 6, billingMonths: 6, noticeDays: 10 };
    const year = { minimumMonths: 12, billingMonths: 12, noticeDays: 14 };
    expect(rhythmOf('hour', undefined)).toEqual({ kind: 'once' });
    expect(rhythmOf('once', undefined)).toEqual({ kind: 'once' });
    expect(rhythmOf('month', sixMonths)).toEqual({ kind: 'recurring', everyMonths: 6 });
    expect(rhythmOf('month', undefined)).toEqual({ kind: 'recurring', everyMonths: 1 });
    expect(rhythmOf('year', year)).toEqual({ kind: 'recurring', everyMonths: 12 });
    expect(rhythmOf('year', { minimumMonths: 24, billingMonths: 24, noticeDays: 14 })).toEqual({ kind: 'recurring', everyMonths: 24 });
    expect(unitsPerPayment('month', sixMonths)).toBe(6);
    expect(unitsPerPayment('year', year)).toBe(1);
    expect(unitsPerPayment('year', { minimumMonths: 24, billingMonths: 24, noticeDays: 14 })).toBe(2);
    expect(unitsPerPayment('hour', undefined)).toBe(1);
  });

  it('names durations and rhythms in German', () => {
    expect([1, 6, 12, 18, 24].map(durationText)).toEqual(['1 Monat', '6 Monate', '1 Jahr', '18 Monate', '2 Jahre']);
    expect([1, 6, 12, 24].map(everyText)).toEqual(['monatlich', 'je 6 Monate', 'jährlich', 'je 2 Jahre']);
    expect([1, 6, 12, 24].map(secondPaymentText)).toEqual(['ab dem 2. Monat', 'ab dem 7. Monat', 'ab dem 2. Jahr', 'ab dem 3. Jahr']);
    expect(paymentText({ kind: 'once' }, 'hour')).toBe('gebuchte Stunden, einmalig zu zahlen');
    expect(paymentText({ kind: 'once' }, 'once')).toBe('einmalig zu zahlen');
    expect(paymentText({ kind: 'recurring', everyMonths: 1 }, 'month')).toBe('monatlich im Voraus');
    expect(paymentText({ kind: 'recurring', everyMonths: 6 }, 'month')).toBe('im Voraus je 6 Monate');
    expect(paymentText({ kind: 'recurring', everyMonths: 12 }, 'year')).toBe('jährlich im Voraus');
  });
});
