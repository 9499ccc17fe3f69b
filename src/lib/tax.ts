import { countryCode, isKnownCountry } from './countries.ts';
import type { TaxCase } from './tax-case.ts';
import { checkVatId } from './vat-id.ts';

/**
 * Which VAT an order bears, decided once from the customer's type, country and VAT ID
 * (docs/decisions/0056-taxes-per-customer.md). Checkout, cart totals, order mails, the contract
 * confirmation, the stored lines and contracts and every invoice follow this one decision: it only
 * chooses the rate each line gets (the catalogue's rate, or 0 %) and the note that says why.
 *
 * - 'domestic': a customer in Germany – German VAT at the catalogue's rate (EN 16931 category S).
 * - 'eu-consumer': a consumer in another EU member state, or a business there that gave no VAT ID
 *   (the supplier may treat it as a non-taxable person, Art. 18 Abs. 2 MwSt-DVO 282/2011) –
 *   German VAT (S) while our supplies to such customers stay below the threshold of § 3a Abs. 5
 *   Satz 3 UStG; the agents see the year's sum against it.
 * - 'reverse-charge': a business in another EU member state with a VAT ID that passes the check
 *   of its country – place of supply there (§ 3a Abs. 2 UStG), the customer owes the VAT
 *   (Art. 196 MwStSystRL); 0 %, category AE, the note of § 14a Abs. 5 UStG and both VAT IDs (§ 14a Abs. 1 UStG).
 * - 'not-taxable': a business outside the EU – place of supply there (§ 3a Abs. 2 UStG), not
 *   taxable in Germany; 0 %, category O.
 * A consumer outside the EU is refused: the place of supply of our development, data-processing
 * and electronic services would be his country (§ 3a Abs. 4 Satz 1, Satz 2 Nr. 1, 3, 4 and Abs. 5
 * UStG), whose VAT we are not registered for.
 */

/** The seller's country: its customers pay German VAT. */
const HOME_COUNTRY = 'DE';

/** The 27 member states (ISO 3166-1; Greece 'GR'). EEA states and Switzerland are third countries for VAT. */
const EU_MEMBER_STATES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

/**
 * § 3a Abs. 5 Satz 3 Nr. 3 UStG: up to 10.000 € net a calendar year (this one and the one before)
 * of electronic services to non-taxable persons in other member states, their place stays in
 * Germany and German VAT applies; above it, the consumer's state's VAT (one-stop shop, § 18j UStG).
 */
export const CROSS_BORDER_CONSUMER_THRESHOLD_CENTS = 1_000_000;

export const taxMessages = {
  consumerOutsideEu:
    'Als Verbraucher können Sie bei uns nur mit einer Rechnungsanschrift in der Europäischen Union bestellen (z. B. Deutschland, Österreich). Bitte geben Sie ein Land der EU an.',
  vatIdInvalid: 'Diese USt-IdNr. ist ungültig: Aufbau oder Prüfziffer stimmen nicht. Bitte prüfen Sie Ihre Eingabe oder lassen Sie das Feld leer.',
  vatIdOtherCountry: 'Diese USt-IdNr. gehört zu einem anderen Land als Ihre Rechnungsanschrift. Bitte geben Sie die USt-IdNr. Ihres Unternehmens im Land der Rechnungsanschrift an.',
} as const;

/** A VAT ID as typed ('ATU 1234 5675', 'de-123.456.788') as it is checked and stored. */
export const normalizeVatId = (text: string): string => text.replace(/[\s.-]/g, '').toUpperCase();

/** Who orders, as far as the tax is concerned (the order request's customer). */
export interface TaxedCustomer {
  type: 'consumer' | 'business';
  country: string;
  /** Normalised (no spaces, dots or hyphens, upper case); '' or absent when none was given. */
  vatId?: string;
}

export type TaxDecision = { taxCase: TaxCase; refusal?: never } | { taxCase?: never; refusal: { field: 'country' | 'vatId'; message: string } };

/**
 * The tax case of an order, or why it cannot be ordered so. A country the checkout does not know
 * is refused by the order schema's own message; here it counts as outside the EU.
 */
export function decideTax(customer: TaxedCustomer): TaxDecision {
  const country = isKnownCountry(customer.country) ? countryCode(customer.country) : undefined;
  const inEu = country !== undefined && EU_MEMBER_STATES.has(country);
  if (customer.type === 'consumer') {
    if (!inEu) return { refusal: { field: 'country', message: taxMessages.consumerOutsideEu } };
    return { taxCase: country === HOME_COUNTRY ? 'domestic' : 'eu-consumer' };
  }
  if (!inEu) return { taxCase: 'not-taxable' };
  const vatId = customer.vatId ?? '';
  if (vatId !== '') {
    const check = checkVatId(vatId, country);
    if (check !== 'valid') return { refusal: { field: 'vatId', message: check === 'invalid' ? taxMessages.vatIdInvalid : taxMessages.vatIdOtherCountry } };
  }
  if (country === HOME_COUNTRY) return { taxCase: 'domestic' };
  return { taxCase: vatId === '' ? 'eu-consumer' : 'reverse-charge' };
}

/**
 * What the agents see on a reverse-charge order: the check-digit test is no proof that the ID is
 * assigned to this business. Only the BZSt's qualified confirmation (§ 18e Nr. 1 UStG) protects
 * the 0 % invoice; the dashboard shows this and makes no request itself.
 */
export const VAT_ID_UNCONFIRMED =
  'USt-IdNr. noch nicht amtlich bestätigt (BZSt): Bitte vor der Leistung die qualifizierte Bestätigung beim Bundeszentralamt für Steuern einholen (§ 18e UStG) und zu den Unterlagen nehmen.';
