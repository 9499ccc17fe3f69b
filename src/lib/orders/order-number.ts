/**
 * Order numbers (issue 33, docs/decisions/0055-order-numbers-and-deleted-accounts.md).
 *
 * Until issue 33 an order number was the order's id ('KW-000042'): sequential, so anyone could
 * list every order by counting. New orders get 11 random symbols of Crockford's Base32 and one
 * check symbol, in three groups of four: 'KW-7K4M-9QX3-T5DW'. 55 random bits cannot be guessed,
 * the check symbol (Luhn mod 32) catches a mistyped symbol and most swapped neighbours before a
 * number is looked up, and the alphabet has no I, L, O or U, so nothing reads ambiguously. The
 * number is also the SEPA mandate reference (at most 35 characters of a restricted set) and the
 * reference of every transfer, so it stays short and ASCII.
 *
 * Numbers of orders placed before keep working: 'KW-000042' is still one of ours.
 */

/** Crockford's Base32: digits and letters without I, L, O and U. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE = ALPHABET.length;
const RANDOM_SYMBOLS = 11;
const GROUP = 4;
const ORDER_PREFIX = 'KW-';

/**
 * Luhn's algorithm over base 32: the symbol that makes the weighted sum divisible by 32. It
 * detects every single wrong symbol and every swap of two neighbours except one pair.
 */
function luhnSum(values: readonly number[], doubleFirst: boolean): number {
  let sum = 0;
  let double = doubleFirst;
  for (let index = values.length - 1; index >= 0; index -= 1) {
    let addend = values[index]! * (double ? 2 : 1);
    addend = Math.floor(addend / BASE) + (addend % BASE);
    sum += addend;
    double = !double;
  }
  return sum % BASE;
}

function checkSymbol(values: readonly number[]): number {
  return (BASE - luhnSum(values, true)) % BASE;
}

function grouped(symbols: string): string {
  return `${ORDER_PREFIX}${symbols.match(new RegExp(`.{1,${GROUP}}`, 'g'))!.join('-')}`;
}

/**
 * A new order number from random bytes (at least 11; the server passes `crypto.randomBytes`).
 * Each byte gives one symbol: 256 is a multiple of 32, so every symbol is equally likely.
 */
export function orderNumberFrom(random: Uint8Array): string {
  if (random.length < RANDOM_SYMBOLS) throw new RangeError(`Mindestens ${RANDOM_SYMBOLS} Zufallsbytes erwartet, erhalten: ${random.length}`);
  const values = Array.from(random.subarray(0, RANDOM_SYMBOLS), (byte) => byte % BASE);
  return grouped([...values, checkSymbol(values)].map((value) => ALPHABET[value]).join(''));
}

/** How people mistype Crockford symbols: lower case, I and L for 1, O for 0. */
function symbolValue(character: string): number {
  const upper = character.toUpperCase();
  const normal = upper === 'I' || upper === 'L' ? '1' : upper === 'O' ? '0' : upper;
  return ALPHABET.indexOf(normal);
}

/**
 * 'KW-7K4M-9QX3-T5DW' for any spelling of it ('kw 7k4m9qx3t5dw', with I/L/O for 1/0), 'KW-000042'
 * for an order number of the old form, or null when the text is neither – in particular when the
 * check symbol does not fit, so a mistyped number is never taken for another order.
 */
export function normalisedOrderNumber(typed: string): string | null {
  const match = /^KW[\s-]*([0-9A-Z](?:[\s-]*[0-9A-Z]){0,14})$/i.exec(typed.trim());
  if (!match) return null;
  const symbols = match[1]!.replace(/[\s-]/g, '');
  // The old form: the order's id, at least six digits ('KW-000042'); 'KW-42' is the same number.
  if (/^\d{1,9}$/.test(symbols)) return `${ORDER_PREFIX}${symbols.padStart(6, '0')}`;
  if (symbols.length !== RANDOM_SYMBOLS + 1) return null;
  const values = [...symbols].map(symbolValue);
  if (values.includes(-1) || luhnSum(values, false) !== 0) return null;
  return grouped(values.map((value) => ALPHABET[value]).join(''));
}

/**
 * An order number of either form as it may stand in a free text (a withdrawal's 'Vertrag oder
 * Produkt'), for a RegExp: groups of four with at most one separator between them, or the old
 * form's digits. A looser pattern would run on into the next word ('KW-000042 und …').
 */
export const ORDER_NUMBER_IN_TEXT = String.raw`KW[\s-]*(?:[0-9A-Z]{4}[\s-]?[0-9A-Z]{4}[\s-]?[0-9A-Z]{4}|\d{1,9})`;
