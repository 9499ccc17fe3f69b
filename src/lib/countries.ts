/**
 * Country names as customers type them at the checkout ('Deutschland', 'Österreich') to ISO 3166-1
 * alpha-2 codes, as EN 16931 e-invoices need them (BT-40, BT-55). The shop sells within the
 * EU/EEA and Switzerland, so the list holds their German names (with the usual short and long
 * forms and the English name where customers tend to type it). A name not in the list throws:
 * an e-invoice with a guessed country is wrong in a legal document, an error gets it fixed.
 */

const COUNTRY_CODES: Readonly<Record<string, string>> = {
  deutschland: 'DE',
  'bundesrepublik deutschland': 'DE',
  germany: 'DE',
  österreich: 'AT',
  austria: 'AT',
  schweiz: 'CH',
  switzerland: 'CH',
  liechtenstein: 'LI',
  belgien: 'BE',
  bulgarien: 'BG',
  dänemark: 'DK',
  estland: 'EE',
  finnland: 'FI',
  frankreich: 'FR',
  griechenland: 'GR',
  irland: 'IE',
  island: 'IS',
  italien: 'IT',
  kroatien: 'HR',
  lettland: 'LV',
  litauen: 'LT',
  luxemburg: 'LU',
  malta: 'MT',
  niederlande: 'NL',
  holland: 'NL',
  norwegen: 'NO',
  polen: 'PL',
  portugal: 'PT',
  rumänien: 'RO',
  schweden: 'SE',
  slowakei: 'SK',
  slowenien: 'SI',
  spanien: 'ES',
  tschechien: 'CZ',
  'tschechische republik': 'CZ',
  ungarn: 'HU',
  zypern: 'CY',
};

/** Case, surrounding and doubled spaces do not matter; umlauts do (they are part of the name). */
function keyOf(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('de-DE');
}

/** Whether an e-invoice can name the country: the checkout asks businesses for one of these. */
export function isKnownCountry(name: string): boolean {
  return Object.hasOwn(COUNTRY_CODES, keyOf(name));
}

/** 'DE' for 'Deutschland'; throws for a name that is not an EU/EEA country or Switzerland. */
export function countryCode(name: string): string {
  const code = isKnownCountry(name) ? COUNTRY_CODES[keyOf(name)] : undefined;
  if (!code) throw new Error(`Unbekanntes Land „${name}“: kein ISO-3166-Code hinterlegt (src/lib/countries.ts).`);
  return code;
}
