/** The captcha code has six characters; the form checks it live once six are typed (SPEC §5). */
export const CAPTCHA_LENGTH = 6;

const DIGIT_WORDS = ['null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'];

/** The text alternative of a digit code, read aloud by screen readers: "drei, sieben, null, …". */
function digitsAsWords(code: string): string {
  return [...code].map((digit) => DIGIT_WORDS[Number(digit)] ?? digit).join(', ');
}

/** The question of the text alternative, the same with and without JavaScript. */
export function captchaQuestion(digits: string): string {
  return `Bitte geben Sie diese Ziffern als Zahl ein: ${digitsAsWords(digits)}.`;
}
