import { formatEuro, formatVatPercent } from '../money.ts';
import type { Product, ProductsLocale } from '../schemas/locales.ts';
import { durationText, everyText, UNIT_LABEL, unitsPerPayment } from './rhythm.ts';
import type { PriceEntry, PriceSource } from './source.ts';

/**
 * /locales/{lang}-products.json (SPEC §3, §7 shape kept): every entry with an offer, in display
 * order, its display price, cents and unit taken from the price source — never typed twice. A
 * contract's term and what one payment in advance costs are added as the last feature, so an offer
 * card says what the product costs and when (PAngV).
 */

export type OfferLanguage = 'de' | 'en';

const euroEn = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });

const formatPrice: Readonly<Record<OfferLanguage, (cents: number) => string>> = {
  de: formatEuro,
  en: (cents) => euroEn.format(cents / 100),
};

/**
 * Hours bought in the cart are a contingent paid once with the order (AGB § 4 Abs. 4): hours not
 * worked do not expire and are refunded on request, which the offer says where it is bought.
 */
const UNUSED_HOURS_RULE: Readonly<Record<OfferLanguage, string>> = {
  de: 'Nicht genutzte Stunden verfallen nicht; auf Wunsch erstatten wir sie',
  en: 'Unused hours never expire; we refund them on request',
};

/**
 * What buying the offer binds the customer to, as its last feature: for a contract its term and
 * one payment in advance ('Mindestlaufzeit 6 Monate, 540,00 € je 6 Monate im Voraus', gross), for
 * hours what happens to those not used.
 */
export function purchaseFeature(entry: Pick<PriceEntry, 'term' | 'unit' | 'grossCents'>, lang: OfferLanguage): string | undefined {
  const { term } = entry;
  if (!term) return entry.unit === 'hour' ? UNUSED_HOURS_RULE[lang] : undefined;
  const payment = formatPrice[lang](entry.grossCents * unitsPerPayment(entry.unit, term));
  if (lang === 'en') {
    const months = (n: number) => (n % 12 === 0 ? `${n / 12} year${n === 12 ? '' : 's'}` : `${n} month${n === 1 ? '' : 's'}`);
    const every = term.billingMonths === 1 ? 'per month' : term.billingMonths === 12 ? 'per year' : `per ${months(term.billingMonths)}`;
    return `Minimum term ${months(term.minimumMonths)}, ${payment} ${every} in advance`;
  }
  return `Mindestlaufzeit ${durationText(term.minimumMonths)}, ${payment} ${everyText(term.billingMonths)} im Voraus`;
}

/** Display price of one unit: '95,20 €', '€95.20'. Every price is the one price charged, never a starting price ('ab'). */
export function displayPrice(entry: PriceEntry, lang: OfferLanguage): string {
  return formatPrice[lang](entry.grossCents);
}

/** '95,20 € pro Stunde inkl. 19 % USt.' for running text on German pages (PAngV: gross, VAT named). */
export function priceWithVat(entry: PriceEntry): string {
  return `${displayPrice(entry, 'de')} ${UNIT_LABEL[entry.unit]} inkl. ${formatVatPercent(entry.vatPercent)} USt.`;
}

/** An entry sold as an offer card (it has add-to-cart texts). */
export type OfferEntry = PriceEntry & { offer: NonNullable<PriceEntry['offer']> };

/** The offer with this id; a page naming an entry that is not sold as an offer fails the build. */
export function requireOffer(source: PriceSource, id: string): OfferEntry {
  const entry = source.require(id);
  if (!entry.offer) throw new Error(`${id}: Der Eintrag ist kein Angebot (offer fehlt in src/content/prices/${id}.md).`);
  return entry as OfferEntry;
}

function toProduct(entry: OfferEntry, lang: OfferLanguage): Product {
  const texts = lang === 'de' ? { name: entry.name, features: entry.features, button: entry.offer.button } : entry.offer.en;
  const term = purchaseFeature(entry, lang);
  if (entry.unit === 'year') throw new Error(`${entry.id}: Angebote mit Jahrespreis passen nicht in die Produktdateien (SPEC §3: pro Stunde, pro Monat oder einmalig).`);
  return {
    id: entry.id,
    name: texts.name,
    features: term ? [...texts.features, term] : [...texts.features],
    price: displayPrice(entry, lang),
    priceValue: entry.grossCents,
    priceUnit: entry.unit,
    button: texts.button,
    link: `/checkout?produkt=${entry.id}`,
    ...(entry.offer.moreInfoLink ? { moreInfoLink: entry.offer.moreInfoLink } : {}),
  };
}

/** Every entry sold as an offer card, in display order. */
export function offerEntries(source: PriceSource): OfferEntry[] {
  return source.entries.filter((entry): entry is OfferEntry => entry.offer !== undefined);
}

export function productsLocale(source: PriceSource, lang: OfferLanguage): ProductsLocale {
  return { products: offerEntries(source).map((entry) => toProduct(entry, lang)) };
}
