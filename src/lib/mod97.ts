/**
 * ISO/IEC 7064 MOD 97-10 as IBANs (ISO 13616) and Leitweg-IDs (KoSIT) use it: the remainder mod 97
 * of the number a string of digits and letters stands for, letters A–Z counting as 10–35. Computed
 * character by character, so no digit string overflows. A correct check makes the remainder 1.
 */
export function mod97(digitsAndLetters: string): number {
  let remainder = 0;
  for (const char of digitsAndLetters) {
    const value = Number.parseInt(char, 36);
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}
