import { describe, expect, it } from 'vitest';
import { matchContract, normalisedNumber } from '../../../src/lib/contracts/matching.ts';

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
