import { describe, expect, it } from 'vitest';
import { isLeitwegIdFormat, isValidLeitwegId } from '../../../src/lib/leitweg-id.ts';

/** Check digits by ISO/IEC 7064 MOD 97-10, as the KoSIT Leitweg-ID format specification prescribes. */
describe('isValidLeitwegId', () => {
  it('accepts Leitweg-IDs whose check digits are right: with and without fine address, letters in the fine address', () => {
    for (const id of ['991-33333TEST-33', '04011000-1234512345-06', '992-90009-96', '05315-12345-85', '05-83']) {
      expect(isValidLeitwegId(id), id).toBe(true);
    }
  });

  it('refuses a Leitweg-ID in the right format whose check digits are wrong, e.g. one mistyped digit or swapped digits', () => {
    for (const id of ['991-33333TEST-34', '991-33334TEST-33', '991-33333TSET-33', '04011000-1234512345-60', '05315-12345-67', '05-12']) {
      expect(isLeitwegIdFormat(id), id).toBe(true);
      expect(isValidLeitwegId(id), id).toBe(false);
    }
  });

  it('refuses what is not in the format at all', () => {
    for (const id of ['', '991', '991-33333TEST', '9-33', '1234567890123-33', 'DE-991-33', '991_33333TEST_33', '991-33333 TEST-33', '991-33333test-33']) {
      expect(isValidLeitwegId(id), id).toBe(false);
    }
  });
});
