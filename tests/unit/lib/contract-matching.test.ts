import { describe, expect, it } from 'vitest';
import { matchContract, namedOrders, normalisedNumber, numbersIn } from '../../../src/lib/contracts/matching.ts';
import { orderNumberFrom } from '../../../src/lib/orders/order-number.ts';

const webapp = { contractNumber: 'V-000007', orderNumber: 'KW-000003', name: 'Webapp Basis (6 Monate)' };
const domain = { contractNumber: 'V-000008', orderNumber: 'KW-000003', name: '.de-Domain' };
const hosting = { contractNumber: 'V-000011', orderNumber: 'KW-000005', name: 'Webapp Business (6 Monate)' };
const all = [webapp, domain, hosting];

describe('normalisedNumber', () => {
  it.each([
    ['V-000007', 'V-000007'],
    ['v 7', 'V-000007'],
    [' kw-3 ', 'KW-000003'],
    ['KW000003', 'KW-000003'],
    ['K-12345', null],
    ['', null],
  ])('%j → %j', (typed, expected) => expect(normalisedNumber(typed)).toBe(expected));
});

describe('matchContract', () => {
  it('takes the contract whose number is typed, in any number field, whatever the name says', () => {
    expect(matchContract(all, { contractName: 'Hosting', numbers: ['', 'v-8'] })).toBe(domain);
  });

  it('takes the one contract the name fits, in either direction', () => {
    expect(matchContract(all, { contractName: 'webapp basis', numbers: [] })).toBe(webapp);
    expect(matchContract(all, { contractName: 'Kündigung .de-Domain', numbers: [] })).toBe(domain);
  });

  it('narrows by an order number first', () => {
    expect(matchContract(all, { contractName: 'Webapp', numbers: ['KW-000005'] })).toBe(hosting);
  });

  it('guesses nothing: several fit, none fits, or a number of ours none of them has', () => {
    expect(matchContract(all, { contractName: 'Webapp', numbers: [] })).toBeNull();
    expect(matchContract([webapp], { contractName: 'Hosting', numbers: [] })).toBeNull();
    expect(matchContract(all, { contractName: 'Webapp Basis', numbers: ['KW-000099'] })).toBeNull();
    expect(matchContract([], { contractName: 'Webapp Basis', numbers: [] })).toBeNull();
  });

  it('ignores numbers that are none of ours (a customer number from elsewhere)', () => {
    expect(matchContract(all, { contractName: 'Webapp Basis', numbers: ['12345'] })).toBe(webapp);
  });
});

describe('numbersIn (issue 33: the one place that reads our numbers from prose)', () => {
  it('finds order and contract numbers in any spelling, each once, in order', () => {
    expect(numbersIn('Ich widerrufe Bestellung kw-42 (Vertrag V 000007) und KW000042.')).toEqual(['KW-000042', 'V-000007']);
    expect(numbersIn('Webapp Basis, bestellt am 02.06.2026')).toEqual([]);
    expect(numbersIn('K-12345, AKW-1')).toEqual([]);
  });

  const first = orderNumberFrom(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
  const second = orderNumberFrom(Uint8Array.from([31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21]));

  it('reads the random order numbers too, however spaced or cased, without running into the next word', () => {
    const text = `Hiermit widerrufe ich die Bestellung KW-000042 und ${second.toLowerCase().replaceAll('-', ' ')}, außerdem ${first} sowie nochmals kw-42.`;
    expect(numbersIn(text)).toEqual(['KW-000042', second, first]);
  });

  it('keeps what only looks like an order number as written: none of ours, so it names nothing', () => {
    const mistyped = `${first.slice(0, -1)}${first.endsWith('0') ? '1' : '0'}`;
    expect(numbersIn(`Bestellung ${mistyped}`)).toEqual([mistyped]);
    expect(namedOrders(numbersIn(`Bestellung ${mistyped}`), [{ orderNumber: first, contractNumbers: [] }])).toBeNull();
  });
});

describe('namedOrders', () => {
  const first = { orderNumber: 'KW-000003', contractNumbers: ['V-000007', 'V-000008'] };
  const second = { orderNumber: 'KW-000005', contractNumbers: ['V-000011'] };

  it('takes the orders whose numbers or contract numbers are named, each once', () => {
    expect(namedOrders(['KW-000003'], [first, second])).toEqual([first]);
    expect(namedOrders(['V-000008', 'KW-000003', 'V-000011'], [first, second])).toEqual([first, second]);
  });

  it('names nothing for no number, more than three, or any number that is not one of the candidates', () => {
    expect(namedOrders([], [first])).toBeNull();
    expect(namedOrders(['KW-000003', 'KW-000099'], [first, second])).toBeNull();
    expect(namedOrders(['V-000007', 'V-000008', 'KW-000003', 'KW-000005'], [first, second])).toBeNull();
    const guesses = Array.from({ length: 50 }, (_, i) => `KW-${String(i + 1).padStart(6, '0')}`);
    expect(namedOrders(guesses, [first, second])).toBeNull();
  });
});
