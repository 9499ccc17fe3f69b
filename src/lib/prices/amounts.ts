import { grossToNet } from '../money.ts';
import type { CustomerType } from '../schemas/order.ts';
import type { PriceUnit, Term } from '../schemas/price-source.ts';
import { rhythmOf, unitsPerPayment } from './rhythm.ts';

/**
 * Amounts by billing rhythm (docs/decisions/0025-price-source.md): what is due now — every one-off
 * item plus the first billing period of every contract, paid in advance (AGB § 4) — and then each
 * recurring amount per rhythm. Amounts of different rhythms are never added into one figure.
 *
 * One figure per line for every customer (docs/decisions/0059-billing-model.md): a line's gross
 * payment is the gross unit price × quantity × the units one payment covers – 213,00 € × 6 =
 * 1.278,00 €, as the price list says – and its net is the net part of that gross, worked out once
 * for the whole line. A net rounded per month and multiplied back would drift by a cent (6 ×
 * 178,99 € + 19 % = 1.277,99 €). Consumers are shown and invoiced the gross figures (the VAT is
 * the part of the gross sum per rate), businesses the net ones (the VAT is the gross sum minus the
 * net sum per rate, within EN 16931 BR-CO-17's rounding); both pay the same gross.
 */

export type PriceBasis = 'gross' | 'net';

export const PRICE_BASIS: Readonly<Record<CustomerType, PriceBasis>> = { consumer: 'gross', business: 'net' };

/** A unit price with both of its sides. */
export interface Priced {
  netCents: number;
  grossCents: number;
  vatPercent: number;
}

export interface AmountLine extends Priced {
  quantity: number;
  unit: PriceUnit;
  /** The contract of a recurring item; undefined for one-off items and hours. */
  term: Term | undefined;
}

interface VatShare {
  percent: number;
  netCents: number;
  vatCents: number;
}

export interface Amount {
  grossCents: number;
  netCents: number;
  vatCents: number;
  /** One share per VAT rate present, highest rate first. */
  byRate: VatShare[];
}

interface RecurringAmount {
  everyMonths: number;
  amount: Amount;
}

export interface Schedule {
  dueNow: Amount;
  /** By rhythm, shortest first; empty when nothing recurs. */
  recurring: RecurringAmount[];
}

/** One unit as this basis charges it. */
export function unitCents(price: Priced, basis: PriceBasis): number {
  return basis === 'gross' ? price.grossCents : price.netCents;
}

/** A line's payment (once, or per billing period) with both of its sides. */
export interface Payment {
  netCents: number;
  grossCents: number;
  vatPercent: number;
}

/**
 * What a line costs per payment: the gross of its units, and the net part of that gross, at the
 * rate the unit's gross contains. Where no German VAT is charged (`withVat` false: reverse charge
 * or not taxable in Germany, src/lib/tax.ts chargesGermanVat) the customer pays that net alone, at
 * 0 %: the net is still taken from the catalogue's gross first, never the gross charged as net.
 */
export function paymentOf(line: AmountLine, withVat = true): Payment {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) throw new RangeError(`Ganzzahlige Menge erwartet, erhalten: ${line.quantity}`);
  const grossCents = line.grossCents * line.quantity * unitsPerPayment(line.unit, line.term);
  if (!Number.isSafeInteger(grossCents)) throw new RangeError(`Betrag außerhalb des sicheren Bereichs: ${grossCents}`);
  const netCents = grossToNet(grossCents, line.vatPercent);
  return withVat ? { netCents, grossCents, vatPercent: line.vatPercent } : { netCents, grossCents: netCents, vatPercent: 0 };
}

/**
 * Sums payments into one amount with its VAT per rate. The gross is always the sum of the lines'
 * gross; the net is the net part of it (consumers, gross basis) or the sum of the lines' nets
 * (businesses, whose invoices list net lines: EN 16931 BR-CO-10), the VAT the difference.
 */
export function amountOf(parts: readonly Payment[], basis: PriceBasis): Amount {
  const sums = new Map<number, { net: number; gross: number }>();
  for (const part of parts) {
    const sum = sums.get(part.vatPercent) ?? { net: 0, gross: 0 };
    sums.set(part.vatPercent, { net: sum.net + part.netCents, gross: sum.gross + part.grossCents });
  }
  const byRate = [...sums.entries()]
    .sort(([a], [b]) => b - a)
    .map(([percent, sum]): VatShare => {
      const netCents = basis === 'gross' ? grossToNet(sum.gross, percent) : sum.net;
      return { percent, netCents, vatCents: sum.gross - netCents };
    });
  const netCents = byRate.reduce((sum, share) => sum + share.netCents, 0);
  const vatCents = byRate.reduce((sum, share) => sum + share.vatCents, 0);
  return { grossCents: netCents + vatCents, netCents, vatCents, byRate };
}

/** Due now and recurring by rhythm; `withVat` as for paymentOf. */
export function scheduleOf(lines: readonly AmountLine[], basis: PriceBasis, withVat = true): Schedule {
  const now: Payment[] = [];
  const later = new Map<number, Payment[]>();
  for (const line of lines) {
    const part = paymentOf(line, withVat);
    now.push(part);
    const rhythm = rhythmOf(line.unit, line.term);
    if (rhythm.kind === 'recurring') later.set(rhythm.everyMonths, [...(later.get(rhythm.everyMonths) ?? []), part]);
  }
  return {
    dueNow: amountOf(now, basis),
    recurring: [...later.entries()].sort(([a], [b]) => a - b).map(([everyMonths, parts]) => ({ everyMonths, amount: amountOf(parts, basis) })),
  };
}
