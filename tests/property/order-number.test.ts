import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numbersIn } from '../../src/lib/contracts/matching.ts';
import { normalisedOrderNumber, orderNumberFrom } from '../../src/lib/orders/order-number.ts';

/** Properties of the order numbers of issue 33: every new number reads back as itself; typing mistakes are caught. */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const random = fc.uint8Array({ minLength: 11, maxLength: 11 });
/** The positions of the 12 symbols in 'KW-XXXX-XXXX-XXXX'. */
const SYMBOL_AT = [3, 4, 5, 6, 8, 9, 10, 11, 13, 14, 15, 16];

describe('order numbers', () => {
  it('are written in one shape and read back as themselves, also from a free text', () => {
    fc.assert(
      fc.property(random, (bytes) => {
        const number = orderNumberFrom(bytes);
        expect(number).toMatch(/^KW-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
        expect(normalisedOrderNumber(number)).toBe(number);
        expect(numbersIn(`Widerruf der Bestellung ${number.toLowerCase()}.`)).toEqual([number]);
      }),
      { numRuns: 2000 },
    );
  });

  it('catch every single wrong symbol', () => {
    fc.assert(
      fc.property(random, fc.nat(11), fc.integer({ min: 1, max: 31 }), (bytes, place, shift) => {
        const number = orderNumberFrom(bytes);
        const at = SYMBOL_AT[place]!;
        const wrong = ALPHABET[(ALPHABET.indexOf(number[at]!) + shift) % 32]!;
        expect(normalisedOrderNumber(`${number.slice(0, at)}${wrong}${number.slice(at + 1)}`)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('catch every swap of two different neighbours but 0 and Z (the one blind spot of Luhn mod 32)', () => {
    fc.assert(
      fc.property(random, fc.nat(10), (bytes, place) => {
        const number = orderNumberFrom(bytes);
        const symbols = SYMBOL_AT.map((at) => number[at]!);
        const [a, b] = [symbols[place]!, symbols[place + 1]!];
        fc.pre(a !== b && !(new Set([a, b]).has('0') && new Set([a, b]).has('Z')));
        symbols[place] = b;
        symbols[place + 1] = a;
        expect(normalisedOrderNumber(`KW${symbols.join('')}`)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});
