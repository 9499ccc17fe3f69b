import { describe, expect, it } from 'vitest';
import { normalisedOrderNumber, orderNumberFrom } from '../../../src/lib/orders/order-number.ts';

/** Issue 33: order numbers that cannot be guessed, with a check symbol that catches typing mistakes. */

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('orderNumberFrom', () => {
  it('writes 11 random symbols and a check symbol in groups of four', () => {
    // Zeros check with zero: the weighted sum of nothing is divisible by 32.
    expect(orderNumberFrom(new Uint8Array(11))).toBe('KW-0000-0000-0000');
    // 1 at the last place is doubled (2), so the check symbol is 32 − 2 = 30: 'Y'.
    expect(orderNumberFrom(bytes(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))).toBe('KW-0000-0000-001Y');
    // Each byte gives one symbol of 32: 32 and 0 are the same, 255 is the last symbol 'Z'.
    expect(orderNumberFrom(bytes(32, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))).toBe('KW-0000-0000-0000');
    expect(orderNumberFrom(bytes(255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).slice(0, 4)).toBe('KW-Z');
  });

  it('refuses too few random bytes', () => {
    expect(() => orderNumberFrom(new Uint8Array(10))).toThrow(RangeError);
  });
});

describe('normalisedOrderNumber', () => {
  const number = orderNumberFrom(bytes(7, 20, 4, 19, 9, 23, 29, 3, 26, 5, 13));

  it.each([
    [number, number],
    [` ${number.toLowerCase()} `, number],
    [number.replaceAll('-', ''), number],
    [number.replaceAll('-', ' '), number],
    // The old form keeps working for the orders that have it.
    ['KW-000042', 'KW-000042'],
    ['kw 42', 'KW-000042'],
    ['KW000042', 'KW-000042'],
    ['V-000042', null],
    ['K-000042', null],
    ['KW-', null],
    ['', null],
  ])('%j → %j', (typed, expected) => expect(normalisedOrderNumber(typed)).toBe(expected));

  it('reads I and L as 1 and O as 0, as Crockford lets people type them', () => {
    const withOnes = orderNumberFrom(bytes(1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1));
    expect(normalisedOrderNumber(withOnes.replaceAll('1', 'I').replaceAll('0', 'o'))).toBe(withOnes);
    expect(normalisedOrderNumber(withOnes.replaceAll('1', 'l'))).toBe(withOnes);
  });

  it('refuses a number whose check symbol does not fit: one symbol typed wrong', () => {
    const wrong = `${number.slice(0, 5)}${number[5] === 'A' ? 'B' : 'A'}${number.slice(6)}`;
    expect(normalisedOrderNumber(wrong)).toBeNull();
  });

  it('refuses symbols outside the alphabet and numbers of the wrong length', () => {
    expect(normalisedOrderNumber(`${number.slice(0, -1)}U`)).toBeNull();
    expect(normalisedOrderNumber(number.slice(0, -1))).toBeNull();
    expect(normalisedOrderNumber(`${number}0`)).toBeNull();
  });
});
