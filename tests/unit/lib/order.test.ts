import { describe, expect, it } from 'vitest';
import { SEPA_MINIMUM_CENTS } from '../../../src/features/billing/terms.ts';
import { catalogue } from '../../../src/data/catalogue.ts';
import { domainCartId } from '../../../src/lib/catalogue.ts';
import { orderMessages, paymentProblems, priceCart, UNKNOWN_PRODUCT_NAME } from '../../../src/lib/order.ts';
import { amountOf, paymentOf, scheduleOf, type AmountLine } from '../../../src/lib/prices/amounts.ts';
import { termSummary } from '../../../src/lib/prices/terms.ts';

// Fixtures in cents (SPEC §9): 95,20 € (80,00 € net) per hour, 90,00 € per month paid per
// 6 months, 20,00 € once, 12,00 € per year for .de, and the click dummy at 90 € + 19 % = 107,10 €.
const DEV_HOUR = 9520;
const DEV_HOUR_NET = 8000;
const WEBAPP_6M = 9000;
const BACKUP = 2000;
const DE_YEAR = 1200;
const CLICK_DUMMY = 10710;

/** A gross-priced line at 19 %, for the arithmetic of single amounts. */
const line = (grossCents: number, netCents: number, quantity = 1): AmountLine => ({ grossCents, netCents, vatPercent: 19, quantity, unit: 'once', term: undefined });

describe('price maths in cents', () => {
  it('multiplies unit price and quantity exactly, and refuses amounts that are not whole cents', () => {
    expect(paymentOf(line(DEV_HOUR, DEV_HOUR_NET, 3))).toEqual({ grossCents: 28560, netCents: 24000, vatPercent: 19 });
    expect(paymentOf(line(1, 1, 999)).grossCents).toBe(999);
    expect(() => paymentOf(line(95.2, 80))).toThrow(RangeError);
    expect(() => paymentOf(line(Number.MAX_SAFE_INTEGER, 1, 2))).toThrow(RangeError);
  });

  // Reverse charge and not taxable in Germany (decision 0056): the net part of the catalogue's gross, charged at 0 %.
  it('charges the net part of the gross at 0 % where no German VAT is due, never the gross as net', () => {
    expect(paymentOf(line(DEV_HOUR, DEV_HOUR_NET, 3), false)).toEqual({ grossCents: 24000, netCents: 24000, vatPercent: 0 });
    const schedule = scheduleOf([line(DEV_HOUR, DEV_HOUR_NET, 3)], 'net', false);
    expect(schedule.dueNow).toEqual({ grossCents: 24000, netCents: 24000, vatCents: 0, byRate: [{ percent: 0, netCents: 24000, vatCents: 0 }] });
  });

  // Carts and order requests validate quantities before pricing; the maths refuses them anyway.
  it('refuses a quantity that is not a whole number', () => {
    expect(() => paymentOf(line(DEV_HOUR, DEV_HOUR_NET, 1.5))).toThrow(RangeError);
  });

  it('works out the VAT once on the gross total for consumers: VAT = gross − round(gross / 1.19)', () => {
    const gross = (cents: number) => amountOf([{ netCents: 0, grossCents: cents, vatPercent: 19 }], 'gross');
    expect(gross(DEV_HOUR)).toMatchObject({ grossCents: 9520, netCents: 8000, vatCents: 1520 });
    expect(gross(WEBAPP_6M)).toMatchObject({ grossCents: 9000, netCents: 7563, vatCents: 1437 });
    expect(gross(0)).toEqual({ grossCents: 0, netCents: 0, vatCents: 0, byRate: [{ percent: 19, netCents: 0, vatCents: 0 }] });
    // Per line the VAT of 3 × 20,00 € would be 3 × 319 = 957; on the total it is 958.
    expect(amountOf([1, 2, 3].map(() => ({ netCents: 0, grossCents: BACKUP, vatPercent: 19 })), 'gross').vatCents).toBe(958);
    expect(gross(1).vatCents).toBe(0);
  });

  it('gives businesses the same gross: the net sum of the lines, the VAT the rest of the gross sum', () => {
    const net = (netCents: number, grossCents: number) => amountOf([{ netCents, grossCents, vatPercent: 19 }], 'net');
    expect(net(DEV_HOUR_NET, DEV_HOUR)).toMatchObject({ netCents: 8000, vatCents: 1520, grossCents: 9520 });
    // The surcharge of 105,00 €: 88,24 € net, and 105,00 € gross – not 88,24 € + 19 % = 105,01 €.
    expect(net(8824, 10500)).toMatchObject({ netCents: 8824, vatCents: 1676, grossCents: 10500 });
    expect(amountOf([1, 2, 3].map(() => ({ netCents: 1681, grossCents: BACKUP, vatPercent: 19 })), 'net')).toMatchObject({ netCents: 5043, vatCents: 957, grossCents: 6000 });
  });

  it('prices a cart from the catalogue, consumers gross', () => {
    const cart = priceCart(catalogue, [
      { id: 'webapp-basis-6m', quantity: 2 },
      { id: 'software-development', quantity: 3 },
      { id: domainCartId('de', 'müller-bau'), quantity: 1 },
      { id: 'click-dummy', quantity: 1 },
    ]);
    expect(cart.basis).toBe('gross');
    expect(cart.lines.map((l) => [l.name, l.unitCents, l.paymentCents, l.rhythm])).toEqual([
      ['Webapp Basis (6 Monate)', WEBAPP_6M, 2 * 6 * WEBAPP_6M, { kind: 'recurring', everyMonths: 6 }],
      ['Softwareentwicklung', DEV_HOUR, 3 * DEV_HOUR, { kind: 'once' }],
      ['Domain müller-bau.de', DE_YEAR, DE_YEAR, { kind: 'recurring', everyMonths: 12 }],
      ['Click-Dummy: von der Idee zur Anwendung', CLICK_DUMMY, CLICK_DUMMY, { kind: 'recurring', everyMonths: 1 }],
    ]);
    expect(cart.schedule.dueNow.grossCents).toBe(2 * 6 * WEBAPP_6M + 3 * DEV_HOUR + DE_YEAR + CLICK_DUMMY);
    expect(cart.schedule.recurring.map(({ everyMonths, amount }) => [everyMonths, amount.grossCents])).toEqual([
      [1, CLICK_DUMMY],
      [6, 2 * 6 * WEBAPP_6M],
      [12, DE_YEAR],
    ]);
    expect(cart.problems).toEqual({});
  });

  it('prices the same cart for a business net, with the same lines', () => {
    const items = [
      { id: 'webapp-basis-6m', quantity: 2 },
      { id: 'software-development', quantity: 3 },
    ];
    const cart = priceCart(catalogue, items, 'net');
    expect(cart.basis).toBe('net');
    expect(cart.lines.map((l) => [l.id, l.unitCents, l.paymentCents])).toEqual([
      ['webapp-basis-6m', 7563, 2 * 6 * 7563],
      ['software-development', DEV_HOUR_NET, 3 * DEV_HOUR_NET],
    ]);
    expect(cart.schedule.dueNow).toMatchObject({ netCents: 90756 + 24000, vatCents: 21804, grossCents: 136560 });
  });
});

describe('order rules', () => {
  it('an unknown id is "Unbekanntes Produkt" at 0 € and cannot be ordered', () => {
    const cart = priceCart(catalogue, [{ id: 'restore-backup', quantity: 1 }, { id: 'gibt-es-nicht', quantity: 4 }]);
    expect(cart.lines[1]).toMatchObject({ name: UNKNOWN_PRODUCT_NAME, unitCents: 0, paymentCents: 0, entry: undefined, rhythm: { kind: 'once' } });
    expect(cart.schedule.dueNow.grossCents).toBe(BACKUP);
    expect(cart.schedule.recurring).toEqual([]);
    expect(cart.problems).toEqual({ 'items.1.id': orderMessages.unknownProduct });
  });

  it('a domain needs an application; development counts as one, a backup does not', () => {
    const domain = { id: domainCartId('com', 'beispiel'), quantity: 1 };
    expect(priceCart(catalogue, [domain]).problems).toEqual({ items: orderMessages.domainWithoutApplication });
    expect(priceCart(catalogue, [domain, { id: 'restore-backup', quantity: 1 }]).problems.items).toBe(orderMessages.domainWithoutApplication);
    for (const application of ['webapp-basis-1m', 'webapp-business-plus-6m', 'timetracking-rental', 'software-development', 'backend-development']) {
      expect(priceCart(catalogue, [domain, { id: application, quantity: 1 }]).problems, application).toEqual({});
    }
    for (const service of ['remote-hands', 'anpassung', 'support-hour', 'click-dummy', 'extra-storage-50gb']) {
      expect(priceCart(catalogue, [domain, { id: service, quantity: 1 }]).problems.items, service).toBe(orderMessages.domainWithoutApplication);
    }
    expect(priceCart(catalogue, [{ ...domain, quantity: 2 }, { id: 'webapp-basis-1m', quantity: 1 }]).problems).toEqual({
      'items.0.quantity': orderMessages.domainOnce,
    });
  });

  it('domain ids keep the full name, and only valid, normalised names are orderable', () => {
    expect(catalogue.get('domain-de:mein-büro')?.name).toBe('Domain mein-büro.de');
    expect(catalogue.get('domain-de:straße-1')).toMatchObject({ kind: 'domain', unit: 'year', grossCents: DE_YEAR, netCents: 1008, maxQuantity: 1 });
    expect(catalogue.get('domain-de:straße-1')?.term).toEqual({ minimumMonths: 12, billingMonths: 12, noticeDays: 14 });
    for (const id of ['domain-de', 'domain-de:', 'domain-de:Mein-Büro', 'domain-de:mein_büro', 'domain-de:mein.büro', 'domain-de:-x', 'domain-xy:name', 'webapp-basis-1m:x']) {
      expect(catalogue.get(id), id).toBeUndefined();
    }
    // A domain ending is ordered with a name, an app type only as part of a configuration.
    for (const id of ['domain-de', 'app-type-portal', 'app-type-custom']) expect(catalogue.get(id), id).toBeUndefined();
  });

  it('carries the contract of each item: its term, none for hours and one-off items', () => {
    expect(catalogue.get('webapp-basis-6m')?.term).toEqual({ minimumMonths: 6, billingMonths: 6, noticeDays: 10 });
    expect(catalogue.get('webapp-basis-1m')?.term).toEqual({ minimumMonths: 1, billingMonths: 1, noticeDays: 10 });
    expect(catalogue.get('software-development')?.term).toBeUndefined();
    expect(catalogue.get('restore-backup')?.term).toBeUndefined();
    // The summary above the order button states the term per customer type.
    const term = catalogue.get('webapp-basis-6m')!.term!;
    expect(termSummary(term, 'business')).toContain('verlängert sich der Vertrag jeweils um 6 Monate');
    expect(termSummary(term, 'consumer')).toContain('auf unbestimmte Zeit weiter');
  });

  it('SEPA only from 10,00 € due now', () => {
    const dueNow = (grossCents: number, netCents: number) => scheduleOf([line(grossCents, netCents)], 'gross');
    expect(SEPA_MINIMUM_CENTS).toBe(1000);
    expect(paymentProblems('sepa', dueNow(999, 839))).toEqual({ paymentMethod: orderMessages.sepaMinimum });
    expect(paymentProblems('sepa', dueNow(1000, 840))).toEqual({});
    expect(paymentProblems('invoice', dueNow(1, 1))).toEqual({});
    expect(paymentProblems('paypal', dueNow(1, 1))).toEqual({});
    expect(paymentProblems(undefined, dueNow(1, 1))).toEqual({});
    expect(orderMessages.sepaMinimum).toContain('10,00\u00a0€');
  });
});
