import { addDays, periodEnd, type IsoDay } from '../../lib/contracts/ends.ts';

/**
 * What is invoiced when (issue 24, docs/decisions/0052-invoices.md; AGB § 4): with the contract
 * the one-off items and the first billing period of every contract, then each following billing
 * period at its beginning. Pure, on German calendar days, shared by the billing run and its tests.
 */

export interface BilledContract {
  startsOn: IsoDay;
  billingMonths: number;
  /** The last day of the contract, once a cancellation or withdrawal ended it. */
  endsOn: IsoDay | null;
}

export interface BillingPeriod {
  /** 0 for the first period. */
  index: number;
  start: IsoDay;
  end: IsoDay;
}

/**
 * The n-th billing period, counted from the contract's start like every term (§§ 187, 188 BGB):
 * a contract from 31.01. billed monthly runs 31.01.–28.02., 01.03.–30.03., 31.03.–30.04. ...
 */
export function billingPeriod(contract: BilledContract, index: number): BillingPeriod {
  const start = index === 0 ? contract.startsOn : addDays(periodEnd(contract.startsOn, index * contract.billingMonths), 1);
  return { index, start, end: periodEnd(contract.startsOn, (index + 1) * contract.billingMonths) };
}

/**
 * The periods of a contract that are due on `day` and not yet invoiced: the first with the order,
 * every following one from its first day on, none that starts after the contract's end.
 * `billedThrough` is the index of the latest invoiced period (-1: none); `from` skips periods that
 * began before invoicing went live (orders invoiced by hand before, migration 0025).
 */
export function duePeriods(contract: BilledContract, billedThrough: number, day: IsoDay, from: IsoDay | null = null): BillingPeriod[] {
  const due: BillingPeriod[] = [];
  for (let index = billedThrough + 1; ; index += 1) {
    const period = billingPeriod(contract, index);
    if (contract.endsOn !== null && period.start > contract.endsOn) break;
    if (index > 0 && period.start > day) break;
    if (from === null || period.start >= from) due.push(period);
  }
  return due;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: IsoDay) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Calendar days from `start` to `end`, both included. */
export function daysBetween(start: IsoDay, end: IsoDay): number {
  return dayNumber(end) - dayNumber(start) + 1;
}

export interface Refund {
  /** The part of the period that is refunded (the day after the end to the period's last day). */
  start: IsoDay;
  end: IsoDay;
  cents: number;
  /** The whole period is refunded (the contract ended before it began). */
  whole: boolean;
}

/**
 * What a contract that ended on `endsOn` gets back of a billed period, pro rata by calendar days
 * (§ 628 Abs. 1 BGB for an early end; § 357a Abs. 2 BGB after a withdrawal: the days served are
 * owed, the rest is refunded), rounded half up to whole cents; null when the period ended first.
 */
export function refundOf(period: { start: IsoDay; end: IsoDay }, lineCents: number, endsOn: IsoDay): Refund | null {
  if (endsOn >= period.end) return null;
  if (endsOn < period.start) return { start: period.start, end: period.end, cents: lineCents, whole: true };
  const start = addDays(endsOn, 1);
  const unused = daysBetween(start, period.end);
  const cents = Math.floor((2 * lineCents * unused + daysBetween(period.start, period.end)) / (2 * daysBetween(period.start, period.end)));
  return { start, end: period.end, cents, whole: false };
}
