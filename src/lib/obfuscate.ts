/**
 * The e-mail address travels through the HTML only in this form: reversed and with every
 * character code shifted, so address harvesters that scan pages for "@" or mailto: find
 * nothing. The island turns it back after hydration.
 */
const SHIFT = 7;

export function obfuscate(text: string): string {
  return [...text]
    .reverse()
    .map((char) => (char.codePointAt(0)! + SHIFT).toString(36))
    .join('.');
}

export function deobfuscate(encoded: string): string {
  return encoded
    .split('.')
    .map((code) => String.fromCodePoint(parseInt(code, 36) - SHIFT))
    .reverse()
    .join('');
}
