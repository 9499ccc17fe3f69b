import { describe, expect, it } from 'vitest';
import { formatEuro, formatPercent, grossToNet, netToGross, VAT_RATE } from '../../../src/lib/money.ts';

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

describe('VAT', () => {
  it('is 19 % and reads the German way', () => {
    expect(VAT_RATE).toBe(0.19);
    expect(formatPercent(VAT_RATE)).toBe(`19${NBSP}%`);
  });

  it('converts between net and gross in whole cents', () => {
    expect(netToGross(8000)).toBe(9520);
    expect(netToGross(9000)).toBe(10710);
    expect(grossToNet(9520)).toBe(8000);
    expect(grossToNet(10710)).toBe(9000);
    // 1 cent gross holds 0.84 cents net: rounded, never truncated.
    expect(grossToNet(1)).toBe(1);
    expect(netToGross(1000, 0.07)).toBe(1070);
    expect(grossToNet(1070, 0.07)).toBe(1000);
  });

  it('round-trips every gross price of the catalogue range', () => {
    for (let net = 0; net <= 100_000; net += 7) expect(grossToNet(netToGross(net))).toBe(net);
  });
});
