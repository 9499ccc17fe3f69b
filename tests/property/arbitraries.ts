import fc from 'fast-check';

/**
 * Generators for the property tests: text a person can type (German, other scripts, emoji,
 * markup and SQL characters) and the "odd Unicode" no form field accepts
 * (docs/decisions/0021-robustness.md).
 */

const TYPABLE_EXTRAS = [
  'ä', 'ö', 'ü', 'Ä', 'ß', 'é', 'ł', 'ç', 'ñ', '€', '§', '–', '„', '“',
  '漢', 'ب', 'ש', 'Я', '😀', '👩‍💻', '🇩🇪', '\u200D', '\u200C',
  '<', '>', '&', '"', "'", ';', '-', '/', '\\', '%', '_',
];

/** One grapheme a person can type into a single-line field. */
const typableUnit = fc.oneof(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), fc.constantFrom(...TYPABLE_EXTRAS));

/** The longest start of the text within `max` UTF-16 units that splits no surrogate pair. */
function cutToLength(text: string, max: number): string {
  let cut = '';
  for (const codePoint of text) {
    if (cut.length + codePoint.length > max) break;
    cut += codePoint;
  }
  return cut;
}

/** Text of at most `max` UTF-16 units (what valibot's maxLength counts), not blank; `multiline` as in a textarea. */
export function typableText(max: number, { multiline = false } = {}): fc.Arbitrary<string> {
  const unit = multiline ? fc.oneof({ weight: 8, arbitrary: typableUnit }, { weight: 1, arbitrary: fc.constantFrom('\n', '\r\n', '\t') }) : typableUnit;
  return fc
    .string({ unit, minLength: 1, maxLength: Math.min(max, 60) })
    .map((text) => cutToLength(text, max))
    .filter((text) => text.trim() !== '');
}

/** Addresses the site must accept: ASCII local part and domain, as people have them. */
export const emailAddress: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 20 }),
    fc.option(fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 10 }), { nil: undefined }),
    fc.constantFrom('example.test', 'beispiel.de', 'mail.example.com'),
  )
  .map(([local, suffix, domain]) => `${local}${suffix ? `.${suffix}` : ''}@${domain}`);

/** Characters no text field accepts, wherever they appear. */
export const ODD_CHARACTERS = [
  '\u0000', // NUL: PostgreSQL cannot store it
  '\u0007', // BEL
  '\u001B', // ESC: terminal escape sequences in logs
  '\u007F', // DEL
  '\u0085', // NEL (C1)
  '\uD800', // lone high surrogate
  '\uDFFF', // lone low surrogate
  '\u202E', // RIGHT-TO-LEFT OVERRIDE
  '\u202A', // LEFT-TO-RIGHT EMBEDDING
  '\u2066', // LEFT-TO-RIGHT ISOLATE
  '\u2069', // POP DIRECTIONAL ISOLATE
] as const;

/** Line breaks and tabs: text in every field (the mails flatten them where a header needs one line). */
export const LINE_BREAKS = ['\n', '\r', '\r\n', '\t'] as const;

/** A valid text with one odd character put somewhere inside it. */
export function withOddCharacter(base: fc.Arbitrary<string>, odd: readonly string[] = ODD_CHARACTERS): fc.Arbitrary<string> {
  return fc.tuple(base, fc.constantFrom(...odd), fc.nat()).map(([text, char, at]) => {
    const cut = at % (text.length + 1);
    // Never split a surrogate pair of the base text: the odd character alone must be the fault.
    const safeCut = cut > 0 && /[\uD800-\uDBFF]/.test(text[cut - 1] ?? '') ? cut - 1 : cut;
    return `${text.slice(0, safeCut)}x${char}x${text.slice(safeCut)}`;
  });
}

/** Any string, weighted towards the awkward: odd Unicode, markup, SQL, huge lengths. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.string({ unit: fc.constantFrom(...ODD_CHARACTERS, ...LINE_BREAKS, 'a', ' ', '<', '\u200B', '\uFEFF'), maxLength: 30 }),
  fc.constantFrom("'; DROP TABLE users; --", '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '\u0000', '', ' '.repeat(10), 'a'.repeat(70_000)),
);

/** Any JSON-like value, strings drawn from hostileString. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 3, withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true }),
  fc.dictionary(fc.constantFrom('name', 'email', 'message', 'text', 'items', 'customer', 'captcha', 'hashcash_solutions', '__proto__', 'constructor'), fc.oneof(hostileString, fc.anything({ maxDepth: 2 }))),
);
