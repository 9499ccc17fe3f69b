/**
 * The rule for the name part of a domain (the label before the ending), SPEC §5: letters
 * including ä, ö, ü and ß, digits and hyphens; no underscores and no dots. On top of SPEC, the
 * limits every registry enforces (RFC 1035, RFC 5891, DENIC): at most 63 characters in the
 * encoded form, no hyphen at the start or the end, no two hyphens in the third and fourth place.
 * Pure and isomorphic: the checker island uses it, an order handler can re-check with it.
 */

export const MAX_LABEL_LENGTH = 63;

export type DomainLabelProblem = 'empty' | 'too-long' | 'dot' | 'underscore' | 'invalid-character' | 'hyphen-edge' | 'reserved-hyphens';

export type DomainLabelCheck = { valid: true; label: string } | { valid: false; problem: DomainLabelProblem };

const ALLOWED = /^[a-z0-9äöüß-]+$/u;

/** German explanations for the checker; each says what to change, not only what is wrong. */
export const DOMAIN_LABEL_MESSAGES: Readonly<Record<DomainLabelProblem, string>> = {
  empty: 'Bitte geben Sie einen Domainnamen ein.',
  'too-long': `Der Domainname ist zu lang: höchstens ${MAX_LABEL_LENGTH} Zeichen, Umlaute und ß zählen dabei mehrfach.`,
  dot: 'Bitte geben Sie den Namen ohne Punkt und ohne Endung ein, zum Beispiel „mueller-bau“.',
  underscore: 'Unterstriche sind nicht erlaubt. Verwenden Sie stattdessen einen Bindestrich.',
  'invalid-character': 'Erlaubt sind nur Buchstaben (auch ä, ö, ü und ß), Ziffern und Bindestriche.',
  'hyphen-edge': 'Ein Domainname darf nicht mit einem Bindestrich beginnen oder enden.',
  'reserved-hyphens': 'An der dritten und vierten Stelle dürfen nicht zwei Bindestriche stehen; diese Form ist technisch reserviert.',
};

/**
 * The 63-character limit applies to the encoded form registries store ('müller' is
 * 'xn--mller-kva'), so a name with umlauts reaches it sooner than its visible length suggests.
 * The WHATWG URL parser does that encoding (UTS 46) in browsers and in Node alike.
 */
function asciiLength(label: string): number {
  const suffix = '.invalid';
  return new URL(`http://${label}${suffix}`).hostname.length - suffix.length;
}

/**
 * Checks one label. Case does not matter in domain names, so the input is compared in lower
 * case (German rules, so 'ẞ' becomes 'ß'); surrounding spaces from copy and paste are ignored.
 */
export function checkDomainLabel(input: string): DomainLabelCheck {
  const label = input.trim().toLocaleLowerCase('de-DE');
  if (label === '') return { valid: false, problem: 'empty' };
  if (label.includes('.')) return { valid: false, problem: 'dot' };
  if (label.includes('_')) return { valid: false, problem: 'underscore' };
  if (!ALLOWED.test(label)) return { valid: false, problem: 'invalid-character' };
  if (label.startsWith('-') || label.endsWith('-')) return { valid: false, problem: 'hyphen-edge' };
  // 'xn--' and every other '??--' prefix mark encoded names (RFC 5891); registries refuse them as input.
  if (label.slice(2, 4) === '--') return { valid: false, problem: 'reserved-hyphens' };
  if (asciiLength(label) > MAX_LABEL_LENGTH) return { valid: false, problem: 'too-long' };
  return { valid: true, label };
}

export function isValidDomainLabel(input: string): boolean {
  return checkDomainLabel(input).valid;
}
