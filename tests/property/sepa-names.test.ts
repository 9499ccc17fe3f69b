import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sepaText } from '../../src/features/billing/server/sepa-export.ts';
import { nameWritableInSepa } from '../../src/lib/sepa-name.ts';

/** Names from many scripts: Latin with accents, Greek, Cyrillic, kana, Hangul, Arabic, kanji, signs and emoji. */
const char = fc.constantFrom(...'aZ09 -äÖßẞéŁøÆ&@#"€ΓεώρΣЖщїアやん김민مح山田太郎々()+,.\'/?:😀\u0301'.split(''), ...[...'😀'], ' ');
const name = fc.array(char, { maxLength: 90 }).map((chars) => chars.join(''));

describe('SEPA names', () => {
  it('a name the checkout takes for a direct debit never becomes empty in the file; the file holds EPC characters only, 70 at most', () => {
    fc.assert(
      fc.property(name, (text) => {
        const written = sepaText(text);
        expect(written).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]{0,70}$/);
        expect(written).toBe(written.trim());
        if (nameWritableInSepa(text)) expect(written).toMatch(/[A-Za-z]/);
      }),
      { numRuns: 2000 },
    );
  });
});
