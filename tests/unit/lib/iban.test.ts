import { describe, expect, it } from 'vitest';
import { formatIban, isValidIban, maskIban, normalizeIban } from '../../../src/lib/iban.ts';

describe('IBAN (ISO 13616 mod 97)', () => {
  it.each(['DE89 3704 0044 0532 0130 00', 'de89370400440532013000', 'AT61 1904 3002 3457 3201', 'CH93 0076 2011 6238 5295 7', 'NL91 ABNA 0417 1643 00', 'GB29 NWBK 6016 1331 9268 19'])(
    'accepts %s',
    (iban) => expect(isValidIban(iban)).toBe(true),
  );

  it.each([
    ['a wrong check digit', 'DE89 3704 0044 0532 0130 01'],
    ['swapped digits', 'DE89 3704 0044 0532 0103 00'],
    ['a wrong length for the country', 'DE89 3704 0044 0532 0130 0'],
    ['an unknown country', 'XX89 3704 0044 0532 0130 00'],
    ['letters in the check digits', 'DEAB 3704 0044 0532 0130 00'],
    ['punctuation', 'DE89-3704-0044-0532-0130-00'],
    ['nothing', ''],
  ])('refuses %s', (_label, iban) => expect(isValidIban(iban)).toBe(false));

  it('normalises, groups and masks', () => {
    expect(normalizeIban(' de89 3704\t0044 ')).toBe('DE8937040044');
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(maskIban('DE89370400440532013000')).toBe('DE89 **** **** **** **30 00');
  });
});
