import { describe, expect, it } from 'vitest';
import { controllerNameAndAddress } from '../../../src/lib/av-agreement.ts';
import { normalisedCustomerNumber } from '../../../src/lib/customer-number.ts';

describe('normalisedCustomerNumber', () => {
  it('reads the number as customers type it', () => {
    for (const typed of ['K-000042', 'k-000042', 'K 42', 'K42', ' k - 0042 ', '42', '000042']) expect(normalisedCustomerNumber(typed)).toBe('K-000042');
    expect(normalisedCustomerNumber('K-1234567')).toBe('K-1234567');
  });

  it('refuses what cannot be one of our customer numbers', () => {
    for (const typed of ['', 'K-', 'K-0', '0', 'V-000042', 'KW-000042', '42a', '4 2', '-42', 'K-1234567890123456']) expect(normalisedCustomerNumber(typed)).toBeNull();
  });
});

describe('controllerNameAndAddress', () => {
  const address = { street: 'Hohe Straße 12', postalCode: '50667', city: 'Köln', country: 'Deutschland' };

  it('names a business by its company and a consumer by name, each with the address, on one line', () => {
    expect(controllerNameAndAddress({ company: 'Weiß\nLogistik  KG', name: 'Jürgen Weiß', ...address })).toBe('Weiß Logistik KG, Hohe Straße 12, 50667 Köln, Deutschland');
    expect(controllerNameAndAddress({ company: null, name: 'Jürgen Weiß', ...address })).toBe('Jürgen Weiß, Hohe Straße 12, 50667 Köln, Deutschland');
  });
});
