/** The captcha code has six characters; the form checks it live once six are typed (SPEC §5). */
export const CAPTCHA_LENGTH = 6;

const DIGIT_WORDS = ['null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'];

/** The text alternative of a digit code, read aloud by screen readers: "drei, sieben, null, …". */
export function digitsAsWords(code: string): string {
  return [...code].map((digit) => DIGIT_WORDS[Number(digit)] ?? digit).join(', ');
}
