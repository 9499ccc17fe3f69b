import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../src/data/catalogue.ts';
import { domainCartId } from '../../../src/lib/catalogue.ts';
import { lineCents, orderMessages, paymentProblems, priceCart, totalsOf, UNKNOWN_PRODUCT_NAME } from '../../../src/lib/order.ts';

// Fixtures in cents (SPEC §9): 95,20 € per hour, 90,00 € per month (6 months), 20,00 € once,
// 12,00 € per year for .de, and the click dummy at 90 € + 19 % = 107,10 €.
const DEV_HOUR = 9520;
const WEBAPP_6M = 9000;
const BACKUP = 2000;
const DE_YEAR = 1200;

describe('price maths in cents', () => {
  it('multiplies unit price and quantity exactly', () => {
    expect(lineCents(DEV_HOUR, 3)).toBe(28560);
    expect(lineCents(1, 999)).toBe(999);
    expect(() => lineCents(95.2, 1)).toThrow(RangeError);
    expect(() => lineCents(DEV_HOUR, 1.5)).toThrow(RangeError);
  });

  it('works out the VAT once on the gross total: VAT = gross − round(gross / 1.19)', () => {
    expect(totalsOf(DEV_HOUR)).toEqual({ totalCents: 9520, netCents: 8000, vatCents: 1520 });
    expect(totalsOf(WEBAPP_6M)).toEqual({ totalCents: 9000, netCents: 7563, vatCents: 1437 });
    expect(totalsOf(0)).toEqual({ totalCents: 0, netCents: 0, vatCents: 0 });
    // Per line the VAT of 3 × 20,00 € would be 3 × 319 = 957; on the total it is 958.
    expect(totalsOf(3 * BACKUP).vatCents).toBe(958);
    expect(totalsOf(1).vatCents).toBe(0);
  });

  it('prices a cart from the catalogue', () => {
    const cart = priceCart(catalogue, [
      { id: 'webapp-basis-6m', quantity: 2 },
      { id: 'software-development', quantity: 3 },
      { id: domainCartId('de', 'müller-bau'), quantity: 1 },
      { id: 'click-dummy', quantity: 1 },
    ]);
    expect(cart.lines.map((line) => [line.name, line.unitCents, line.lineCents])).toEqual([
      ['Webapp Basis (6 Monate)', WEBAPP_6M, 2 * WEBAPP_6M],
      ['Softwareentwicklung', DEV_HOUR, 3 * DEV_HOUR],
      ['Domain müller-bau.de', DE_YEAR, DE_YEAR],
      ['Click-Dummy: von der Idee zur Anwendung', 10710, 10710],
    ]);
    expect(cart.totals.totalCents).toBe(2 * WEBAPP_6M + 3 * DEV_HOUR + DE_YEAR + 10710);
    expect(cart.problems).toEqual({});
  });
});

describe('order rules', () => {
  it('an unknown id is "Unbekanntes Produkt" at 0 € and cannot be ordered', () => {
    const cart = priceCart(catalogue, [{ id: 'restore-backup', quantity: 1 }, { id: 'gibt-es-nicht', quantity: 4 }]);
    expect(cart.lines[1]).toMatchObject({ name: UNKNOWN_PRODUCT_NAME, unitCents: 0, lineCents: 0, entry: undefined });
    expect(cart.totals.totalCents).toBe(BACKUP);
    expect(cart.problems).toEqual({ 'items.1.id': orderMessages.unknownProduct });
  });

  it('a domain needs an application; development counts as one, a backup does not', () => {
    const domain = { id: domainCartId('com', 'beispiel'), quantity: 1 };
    expect(priceCart(catalogue, [domain]).problems).toEqual({ items: orderMessages.domainWithoutApplication });
    expect(priceCart(catalogue, [domain, { id: 'restore-backup', quantity: 1 }]).problems.items).toBe(orderMessages.domainWithoutApplication);
    for (const application of ['webapp-basis-1m', 'webapp-business-plus-6m', 'timetracking-rental', 'software-development', 'backend-development']) {
      expect(priceCart(catalogue, [domain, { id: application, quantity: 1 }]).problems, application).toEqual({});
    }
    expect(priceCart(catalogue, [{ ...domain, quantity: 2 }, { id: 'webapp-basis-1m', quantity: 1 }]).problems).toEqual({
      'items.0.quantity': orderMessages.domainOnce,
    });
  });

  it('domain ids keep the full name, and only valid, normalised names are orderable', () => {
    expect(catalogue.get('domain-de:mein-büro')?.name).toBe('Domain mein-büro.de');
    expect(catalogue.get('domain-de:straße-1')?.minimumTerm).toBe('1 Jahr');
    for (const id of ['domain-de', 'domain-de:', 'domain-de:Mein-Büro', 'domain-de:mein_büro', 'domain-de:mein.büro', 'domain-de:-x', 'domain-xy:name', 'webapp-basis-1m:x']) {
      expect(catalogue.get(id), id).toBeUndefined();
    }
  });

  it('states term and minimum term for the summary above the order button', () => {
    expect(catalogue.get('webapp-basis-6m')).toMatchObject({ minimumTerm: '6 Monate', term: expect.stringContaining('verlängert sich automatisch um 6 Monate') });
    expect(catalogue.get('webapp-basis-1m')?.minimumTerm).toBe('1 Monat');
    expect(catalogue.get('software-development')?.minimumTerm).toBe('keine');
    expect(catalogue.get('restore-backup')?.term).toBe('einmalige Leistung');
  });

  it('SEPA only from 10,00 €', () => {
    expect(paymentProblems('sepa', totalsOf(999))).toEqual({ paymentMethod: orderMessages.sepaMinimum });
    expect(paymentProblems('sepa', totalsOf(1000))).toEqual({});
    expect(paymentProblems('invoice', totalsOf(1))).toEqual({});
    expect(paymentProblems(undefined, totalsOf(1))).toEqual({});
  });
});
