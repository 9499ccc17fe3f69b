import { formatEuro, grossToNet } from './money.ts';
import type { Catalogue, CatalogueEntry } from './catalogue.ts';
import type { PaymentMethod } from './schemas/order.ts';

/**
 * The order rules the cart, the checkout and POST /api/orders share: pricing in integer cents,
 * unknown ids, the domain rule (SPEC §1) and the SEPA minimum (SPEC §9). Problems are keyed by
 * the field path of the order request, like every 400 answer's `errors`.
 */

/** SPEC §9: direct debit only from an invoice amount of 10,00 EUR. */
export const SEPA_MINIMUM_CENTS = 1000;

export const orderMessages = {
  unknownProduct: 'Unbekanntes Produkt: Dieser Artikel kann nicht bestellt werden. Bitte entfernen Sie ihn aus dem Warenkorb.',
  domainWithoutApplication:
    'Domains können nur zusammen mit einer gebuchten Anwendung bestellt werden. Bitte legen Sie zusätzlich eine Anwendung, zum Beispiel ein Webapp-Paket, in den Warenkorb.',
  domainOnce: 'Eine Domain kann nur einmal bestellt werden. Bitte setzen Sie die Menge auf 1.',
  sepaMinimum: `Die Zahlung per SEPA-Lastschrift ist erst ab einem Bestellwert von ${formatEuro(SEPA_MINIMUM_CENTS)} möglich. Bitte wählen Sie eine andere Zahlungsart.`,
} as const;

export const UNKNOWN_PRODUCT_NAME = 'Unbekanntes Produkt';

export interface CartEntry {
  id: string;
  quantity: number;
}

export interface PricedLine {
  id: string;
  quantity: number;
  /** Undefined for an id the catalogue does not know: shown as 'Unbekanntes Produkt' at 0 €. */
  entry: CatalogueEntry | undefined;
  name: string;
  unitCents: number;
  lineCents: number;
}

export interface OrderTotals {
  /** Gross total, what the customer pays. */
  totalCents: number;
  netCents: number;
  /** The VAT included in the total. */
  vatCents: number;
}

export interface PricedCart {
  lines: PricedLine[];
  totals: OrderTotals;
  /** Field path → German message; empty when the cart can be ordered. */
  problems: Record<string, string>;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Betrag in Cent erwartet, erhalten: ${cents}`);
}

export function lineCents(unitCents: number, quantity: number): number {
  assertCents(unitCents);
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Ganzzahlige Menge erwartet, erhalten: ${quantity}`);
  return unitCents * quantity;
}

/**
 * VAT is worked out once on the order total, not per line: the gross prices already include it,
 * and rounding each line would let the VAT of an order drift from that of its total by a cent
 * per line. VAT = gross − round(gross / 1.19).
 */
export function totalsOf(grossCents: number): OrderTotals {
  const netCents = grossToNet(grossCents);
  return { totalCents: grossCents, netCents, vatCents: grossCents - netCents };
}

export function priceCart(catalogue: Catalogue, entries: readonly CartEntry[]): PricedCart {
  const problems: Record<string, string> = {};
  const lines = entries.map(({ id, quantity }, index): PricedLine => {
    const entry = catalogue.get(id);
    if (!entry) {
      problems[`items.${index}.id`] = orderMessages.unknownProduct;
      return { id, quantity, entry, name: UNKNOWN_PRODUCT_NAME, unitCents: 0, lineCents: 0 };
    }
    if (quantity > entry.maxQuantity) problems[`items.${index}.quantity`] = orderMessages.domainOnce;
    return { id, quantity, entry, name: entry.name, unitCents: entry.unitCents, lineCents: lineCents(entry.unitCents, quantity) };
  });
  const kinds = new Set(lines.map((line) => line.entry?.kind));
  if (kinds.has('domain') && !kinds.has('application')) problems.items = orderMessages.domainWithoutApplication;
  const total = lines.reduce((sum, line) => sum + line.lineCents, 0);
  return { lines, totals: totalsOf(total), problems };
}

/** Problems of the chosen payment method with this total (only SEPA has a minimum). */
export function paymentProblems(method: PaymentMethod | undefined, totals: OrderTotals): Record<string, string> {
  return method === 'sepa' && totals.totalCents < SEPA_MINIMUM_CENTS ? { paymentMethod: orderMessages.sepaMinimum } : {};
}

/** SEPA Core mandate wording (European Payments Council), with the creditor's name filled in. */
export function sepaMandateText(creditor: string): string {
  return (
    `Ich ermächtige die ${creditor}, Zahlungen von meinem Konto mittels Lastschrift einzuziehen. ` +
    `Zugleich weise ich mein Kreditinstitut an, die von der ${creditor} auf mein Konto gezogenen Lastschriften einzulösen. ` +
    'Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. ' +
    'Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.'
  );
}
