import { describe, expect, it } from 'vitest';
import { formatEuro, formatVatPercent, grossToNet, netToGross, VAT_PERCENT, vatOfNet } from '../../../src/lib/money.ts';

/** Intl separates amount and currency with a no-break space; the fixtures spell it out. */
const NBSP = '\u00a0';

describe('formatEuro', () => {
  it.each([
    [9520, `95,20${NBSP}€`],
    [0, `0,00${NBSP}€`],
    [5, `0,05${NBSP}€`],
    [127800, `1.278,00${NBSP}€`],
    [460530, `4.605,30${NBSP}€`],
    [123456789, `1.234.567,89${NBSP}€`],
    [-2000, `-20,00${NBSP}€`],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatEuro(cents)).toBe(text);
  });

  it('refuses euros passed as floats instead of cents', () => {
    expect(() => formatEuro(95.2)).toThrow(RangeError);
    expect(() => formatEuro(Number.NaN)).toThrow(RangeError);
  });
});

describe('VAT in whole percent', () => {
  it('is 19 % and reads the German way; other rates read the same way', () => {
    expect(VAT_PERCENT).toBe(19);
    expect(formatVatPercent()).toBe(`19${NBSP}%`);
    expect(formatVatPercent(VAT_PERCENT)).toBe(`19${NBSP}%`);
    expect(formatVatPercent(7)).toBe(`7${NBSP}%`);
  });

  it('converts between net and gross in whole cents', () => {
    expect(netToGross(8000)).toBe(9520);
    expect(netToGross(9000)).toBe(10710);
    expect(grossToNet(9520)).toBe(8000);
    expect(grossToNet(10710)).toBe(9000);
    expect(grossToNet(9000)).toBe(7563); // 75,6302… €
    expect(grossToNet(10500)).toBe(8824); // 88,2352… €
    // 1 cent gross holds 0.84 cents net: rounded, never truncated.
    expect(grossToNet(1)).toBe(1);
    expect(vatOfNet(8000)).toBe(1520);
    expect(vatOfNet(0)).toBe(0);
  });

  it('rounds 50 ct net to 60 ct gross: 9,5 ct VAT rounds half up, computed in integers', () => {
    expect(netToGross(50)).toBe(60);
    expect(vatOfNet(50)).toBe(10);
    expect(grossToNet(60)).toBe(50);
  });

  it('uses the percent argument for other rates: 7 %', () => {
    expect(netToGross(1000, 7)).toBe(1070);
    expect(grossToNet(1070, 7)).toBe(1000);
    expect(vatOfNet(1000, 7)).toBe(70);
    expect(netToGross(1000, 19)).toBe(1190);
    // 7 % of 50 ct is 3.5 ct: half up.
    expect(vatOfNet(50, 7)).toBe(4);
    expect(grossToNet(107, 7)).toBe(100);
    expect(grossToNet(100, 7)).toBe(93); // 93,457…
  });

  it('gross = net + VAT of the net, exactly as integer arithmetic rounds it (0 … 200.000 cents, 19 % and 7 %)', () => {
    for (const percent of [19, 7]) {
      for (let net = 0; net <= 200_000; net++) {
        const vat = Math.floor((net * percent * 2 + 100) / 200);
        if (vatOfNet(net, percent) !== vat || netToGross(net, percent) !== net + vat) {
          throw new Error(`${net} Cent netto bei ${percent} %: ${netToGross(net, percent)} statt ${net + vat}`);
        }
      }
    }
  });

  it('round-trips every net price of the catalogue range through gross', () => {
    for (const percent of [19, 7]) {
      for (let net = 0; net <= 100_000; net += 7) expect(grossToNet(netToGross(net, percent), percent)).toBe(net);
    }
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => netToGross(80.5)).toThrow(RangeError);
    expect(() => grossToNet(95.2)).toThrow(RangeError);
    expect(() => vatOfNet(Number.NaN)).toThrow(RangeError);
  });
});
