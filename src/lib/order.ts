import { SEPA_MINIMUM_CENTS } from '../features/billing/terms.ts';
import type { Catalogue, CatalogueEntry } from './catalogue.ts';
import { formatEuro, VAT_PERCENT } from './money.ts';
import { paymentOf, scheduleOf, unitCents, type PriceBasis, type Schedule } from './prices/amounts.ts';
import { rhythmOf, type Rhythm } from './prices/rhythm.ts';
import type { PaymentMethod } from './schemas/order.ts';
import type { PriceUnit } from './schemas/price-source.ts';
import { chargesGermanVat, lineVatPercent, type TaxCase } from './tax-case.ts';

/**
 * The order rules the cart, the checkout and POST /api/orders share: pricing in integer cents by
 * billing rhythm (src/lib/prices/amounts.ts), unknown ids, the domain rule (SPEC §1) and the SEPA
 * minimum (SPEC §9). Problems are keyed by the field path of the order request, like every 400
 * answer's `errors`.
 */

export const orderMessages = {
  unknownProduct: 'Unbekanntes Produkt: Dieser Artikel kann nicht bestellt werden. Bitte entfernen Sie ihn aus dem Warenkorb.',
  domainWithoutApplication:
    'Domains können nur zusammen mit einer gebuchten Anwendung bestellt werden. Bitte legen Sie zusätzlich eine Anwendung, zum Beispiel ein Webapp-Paket, in den Warenkorb.',
  domainWithFreeApplication:
    'Domains können nur zusammen mit einer gebuchten Anwendung bestellt werden, die etwas kostet – eine Anwendung zu 0 € reicht dafür nicht. Bitte legen Sie zusätzlich eine kostenpflichtige Anwendung, zum Beispiel ein Webapp-Paket, in den Warenkorb.',
  domainOnce: 'Eine Domain kann nur einmal bestellt werden. Bitte setzen Sie die Menge auf 1.',
  amountTooLarge:
    'Dieser Betrag ist zu hoch für eine Online-Bestellung. Bitte verringern Sie die Mengen oder teilen Sie die Bestellung auf – oder sprechen Sie uns für ein individuelles Angebot an.',
  sepaMinimum: `Die Zahlung per SEPA-Lastschrift ist erst ab einem Rechnungsbetrag von ${formatEuro(SEPA_MINIMUM_CENTS)} möglich; der jetzt fällige Betrag liegt darunter. Bitte wählen Sie eine andere Zahlungsart.`,
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
  /** One unit in the cart's price basis (gross for consumers, net for businesses). */
  unitCents: number;
  vatPercent: number;
  unit: PriceUnit;
  /** What the line costs per payment: once, or per billing period in advance. */
  paymentCents: number;
  /** One unit and the payment in gross, the same figures for every customer type (amounts.ts). */
  unitGrossCents: number;
  paymentGrossCents: number;
  rhythm: Rhythm;
}

export interface PricedCart {
  basis: PriceBasis;
  /** Which VAT the lines bear (src/lib/tax-case.ts): each line's rate, and without German VAT the net part of its gross as the whole amount. */
  taxCase: TaxCase;
  lines: PricedLine[];
  /** What is due now and what recurs, by rhythm. */
  schedule: Schedule;
  /** Field path → German message; empty when the cart can be ordered. */
  problems: Record<string, string>;
}

const ONCE: Rhythm = { kind: 'once' };

/**
 * The most one amount of an order may be: what the integer columns of orders, order_lines,
 * contracts and invoices hold (PostgreSQL integer). Each quantity is bounded by the schema
 * (MAX_QUANTITY), but not their product with a price: beyond this an order must be refused (400),
 * not fail in the database (500).
 */
const MAX_AMOUNT_CENTS = 2 ** 31 - 1;

/**
 * Prices a cart in the basis of its customer type (consumers gross, businesses net; the cart
 * dialog, before anyone says who orders, shows the consumer's gross prices) at the rates of its
 * tax case (0 % where the place of supply is abroad; only businesses, priced net, have such cases).
 */
export function priceCart(catalogue: Catalogue, entries: readonly CartEntry[], basis: PriceBasis = 'gross', taxCase: TaxCase = 'domestic'): PricedCart {
  const problems: Record<string, string> = {};
  const withVat = chargesGermanVat(taxCase);
  const lines = entries.map(({ id, quantity }, index): PricedLine => {
    const entry = catalogue.get(id);
    if (!entry) {
      problems[`items.${index}.id`] = orderMessages.unknownProduct;
      return { id, quantity, entry, name: UNKNOWN_PRODUCT_NAME, unitCents: 0, vatPercent: VAT_PERCENT, unit: 'once', paymentCents: 0, unitGrossCents: 0, paymentGrossCents: 0, rhythm: ONCE };
    }
    if (quantity > entry.maxQuantity) problems[`items.${index}.quantity`] = orderMessages.domainOnce;
    const payment = paymentOf({ ...entry, quantity }, withVat);
    return {
      id,
      quantity,
      entry,
      name: entry.name,
      unitCents: unitCents(entry, basis),
      vatPercent: lineVatPercent(taxCase, entry.vatPercent),
      unit: entry.unit,
      paymentCents: basis === 'gross' ? payment.grossCents : payment.netCents,
      unitGrossCents: withVat ? entry.grossCents : entry.netCents,
      paymentGrossCents: payment.grossCents,
      rhythm: rhythmOf(entry.unit, entry.term),
    };
  });
  const domainProblem = domainRuleProblem(lines);
  if (domainProblem) problems.items = domainProblem;
  // At the catalogue's rates: without German VAT the schedule charges their net parts at 0 %.
  const known = lines.flatMap((line) => (line.entry ? [{ ...line.entry, quantity: line.quantity }] : []));
  const schedule = scheduleOf(known, basis, withVat);
  // Gross is the largest side of every amount: net and VAT are parts of it. A later invoice holds
  // at most every recurring amount at once (all rhythms due on one day).
  const recurringAtOnce = schedule.recurring.reduce((sum, { amount }) => sum + amount.grossCents, 0);
  const amounts = [...lines.map((line) => line.paymentGrossCents), schedule.dueNow.grossCents, recurringAtOnce];
  if (amounts.some((cents) => cents > MAX_AMOUNT_CENTS)) problems.items ??= orderMessages.amountTooLarge;
  return { basis, taxCase, lines, schedule, problems };
}

/**
 * SPEC §1: a domain only with a booked application – one that costs something by the catalogue's
 * price, so a configuration at 0 € (a free line of the configurator) does not unlock domains.
 */
function domainRuleProblem(lines: readonly PricedLine[]): string | undefined {
  if (!lines.some((line) => line.entry?.kind === 'domain')) return undefined;
  const applications = lines.filter((line) => line.entry?.kind === 'application');
  if (applications.length === 0) return orderMessages.domainWithoutApplication;
  return applications.some((line) => line.paymentCents > 0) ? undefined : orderMessages.domainWithFreeApplication;
}

/**
 * Problems of the chosen payment method: only SEPA has a minimum, for the invoice amount — the
 * first invoice is what is due now (SPEC §9, AGB § 8).
 */
export function paymentProblems(method: PaymentMethod | undefined, schedule: Schedule): Record<string, string> {
  return method === 'sepa' && schedule.dueNow.grossCents < SEPA_MINIMUM_CENTS ? { paymentMethod: orderMessages.sepaMinimum } : {};
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
