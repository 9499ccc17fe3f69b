/**
 * IBAN check of ISO 13616: country code, the length that country's IBANs have, and the
 * mod-97 check digits. Pure and isomorphic: the checkout form and POST /api/orders use it.
 */

import { mod97 } from './mod97.ts';

/** IBAN lengths of the SEPA countries (SEPA direct debit is the only use here). */
const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27,
  GB: 22, GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27,
  MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
};

/** Spaces and lower case are how people copy an IBAN from a bank card; the check ignores both. */
export function normalizeIban(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** 'DE89 3704 0044 0532 0130 00': groups of four, as printed on bank documents. */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

export function isValidIban(input: string): boolean {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const length = SEPA_IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined || iban.length !== length) return false;
  // The country and check digits move to the end before the check (ISO 13616).
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** 'DE89 **** **** **** **30 00'-style: enough to recognise the account in a mail, not enough to reuse it. */
export function maskIban(iban: string): string {
  const plain = normalizeIban(iban);
  return formatIban(plain.slice(0, 4) + '*'.repeat(Math.max(0, plain.length - 8)) + plain.slice(-4));
}
