/**
 * What a tax case means for the amounts and the words (docs/decisions/0056-taxes-per-customer.md):
 * the rate each line bears and the note that says why there is no German VAT. Which case an order
 * has is decided once, by ./tax.ts; this part is apart from it because the cart on every page
 * prices with it, and the decision's VAT-ID check (jsvat-next) belongs to the checkout alone.
 */

export type TaxCase = 'domestic' | 'eu-consumer' | 'reverse-charge' | 'not-taxable';

/** Whether German VAT is charged: the other cases bill every line at 0 %. */
export const chargesGermanVat = (taxCase: TaxCase): boolean => taxCase === 'domestic' || taxCase === 'eu-consumer';

/** The rate a line bears: the catalogue's, or 0 % where the place of supply is abroad. */
export function lineVatPercent(taxCase: TaxCase, cataloguePercent: number): number {
  return chargesGermanVat(taxCase) ? cataloguePercent : 0;
}

/** The words an invoice must carry (§ 14a Abs. 5 UStG) or that say why there is no German VAT. */
export const TAX_CASE_NOTE: Readonly<Record<TaxCase, string | null>> = {
  domestic: null,
  'eu-consumer': null,
  'reverse-charge': 'Steuerschuldnerschaft des Leistungsempfängers',
  'not-taxable': 'Nicht im Inland steuerbare Leistung',
};

/** The note with its reason, for the checkout, the mails and the documents; null for German VAT. */
export function taxNoteText(taxCase: TaxCase): string | null {
  switch (taxCase) {
    case 'domestic':
    case 'eu-consumer':
      return null;
    case 'reverse-charge':
      return (
        `${TAX_CASE_NOTE[taxCase]}: Der Ort der Leistung liegt in Ihrem Mitgliedstaat (§ 3a Abs. 2 UStG), ` +
        'die Umsatzsteuer schulden Sie als Leistungsempfänger (Reverse Charge, Art. 196 MwStSystRL). Wir berechnen 0 % USt.'
      );
    case 'not-taxable':
      return `${TAX_CASE_NOTE[taxCase]}: Der Ort der Leistung liegt bei Ihnen außerhalb der EU (§ 3a Abs. 2 UStG). Wir berechnen keine deutsche Umsatzsteuer.`;
  }
}

/** How the agents' order view names the tax case. */
export const TAX_CASE_LABEL: Readonly<Record<TaxCase, string>> = {
  domestic: 'Inland: deutsche USt. (Kategorie S)',
  'eu-consumer': 'EU-Ausland ohne USt-IdNr.: deutsche USt. (Kategorie S), zählt zur Umsatzschwelle des § 3a Abs. 5 UStG',
  'reverse-charge': 'EU-Unternehmer mit USt-IdNr.: Reverse Charge, 0 % (Kategorie AE)',
  'not-taxable': 'Unternehmer im Drittland: nicht im Inland steuerbar, 0 % (Kategorie O)',
};
