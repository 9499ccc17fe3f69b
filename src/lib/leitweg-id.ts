/**
 * Leitweg-ID of a public buyer (KoSIT, "Formatspezifikation Leitweg-ID" 2.0.2): coarse address
 * (2 to 12 digits), optional fine address (up to 30 letters or digits), two check digits, joined
 * by hyphens, e.g. '991-33333TEST-33'. The check digits follow ISO/IEC 7064 MOD 97-10 over coarse
 * and fine address without hyphens, letters counted as 10–35 like in an IBAN: the whole number,
 * check digits included, leaves remainder 1 when divided by 97. Pure and isomorphic: the checkout
 * form and POST /api/orders both check with it through src/lib/schemas/order.ts.
 */

import { mod97 } from './mod97.ts';

const FORMAT = /^[0-9]{2,12}(-[0-9A-Z]{1,30})?-[0-9]{2}$/;

/** The format alone; expects the ID trimmed and in upper case, as the schema passes it. */
export function isLeitwegIdFormat(id: string): boolean {
  return FORMAT.test(id);
}

/** The format and correct check digits: the one test of a Leitweg-ID. */
export function isValidLeitwegId(id: string): boolean {
  return isLeitwegIdFormat(id) && mod97(id.replaceAll('-', '')) === 1;
}
