import { grossToNet, vatOfNet } from '../money.ts';
import type { CustomerType } from '../schemas/order.ts';
import type { PriceUnit, Term } from '../schemas/price-source.ts';
import { rhythmOf, unitsPerPayment } from './rhythm.ts';

/**
 * Amounts by billing rhythm (docs/decisions/0025-price-source.md): what is due now — every one-off
 * item plus the first billing period of every contract, paid in advance (AGB § 4) — and then each
 * recurring amount per rhythm. Amounts of different rhythms are never added into one figure.
 *
 * Two ways to the same prices, one per customer type, as German shops and invoices do it:
 * - consumers pay gross prices: a line is the gross unit price × quantity, and the VAT is the
 *   part of the gross sum it contains (what a consumer sees in the price list is what they pay);
 * - businesses pay net prices: a line is the net unit price × quantity, and the VAT is worked out
 *   on the net sum per rate (EN 16931 BR-CO-17, as on their invoices).
 * Both compute VAT once per rate and sum, never per line, so no line's rounding drifts the total.
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

/** What a line costs per payment — once, or per billing period — in the basis' cents. */
export function paymentCents(line: AmountLine, basis: PriceBasis): number {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) throw new RangeError(`Ganzzahlige Menge erwartet, erhalten: ${line.quantity}`);
  const cents = unitCents(line, basis) * line.quantity * unitsPerPayment(line.unit, line.term);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Betrag außerhalb des sicheren Bereichs: ${cents}`);
  return cents;
}

/** Sums parts (cents in the basis, each with its VAT rate) into one amount with its VAT per rate. */
export function amountOf(parts: readonly { cents: number; vatPercent: number }[], basis: PriceBasis): Amount {
  const sums = new Map<number, number>();
  for (const part of parts) sums.set(part.vatPercent, (sums.get(part.vatPercent) ?? 0) + part.cents);
  const byRate = [...sums.entries()]
    .sort(([a], [b]) => b - a)
    .map(([percent, cents]): VatShare => {
      const netCents = basis === 'gross' ? grossToNet(cents, percent) : cents;
      const vatCents = basis === 'gross' ? cents - netCents : vatOfNet(cents, percent);
      return { percent, netCents, vatCents };
    });
  const netCents = byRate.reduce((sum, share) => sum + share.netCents, 0);
  const vatCents = byRate.reduce((sum, share) => sum + share.vatCents, 0);
  return { grossCents: netCents + vatCents, netCents, vatCents, byRate };
}

export function scheduleOf(lines: readonly AmountLine[], basis: PriceBasis): Schedule {
  const now: { cents: number; vatPercent: number }[] = [];
  const later = new Map<number, { cents: number; vatPercent: number }[]>();
  for (const line of lines) {
    const part = { cents: paymentCents(line, basis), vatPercent: line.vatPercent };
    now.push(part);
    const rhythm = rhythmOf(line.unit, line.term);
    if (rhythm.kind === 'recurring') later.set(rhythm.everyMonths, [...(later.get(rhythm.everyMonths) ?? []), part]);
  }
  return {
    dueNow: amountOf(now, basis),
    recurring: [...later.entries()].sort(([a], [b]) => a - b).map(([everyMonths, parts]) => ({ everyMonths, amount: amountOf(parts, basis) })),
  };
}
