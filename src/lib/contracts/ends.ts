import type { CustomerType } from '../schemas/order.ts';

/**
 * When a contract can end (issue 19, docs/decisions/0027-contracts.md): from a contract's start,
 * minimum term and notice, and the day a cancellation is received, the end it gives. Pure, on
 * calendar days ('YYYY-MM-DD', German days: a declaration received at 00:30 in Köln counts for
 * that day), used by the customer area, the cancellation receipts, the agent dashboard and the
 * billing of issue 24 alike.
 *
 * - Periods of months follow §§ 187 Abs. 2, 188 Abs. 2 and 3 BGB: a term starting on 15.01. for 6
 *   months ends at the end of 14.07.; one starting on 31.01. for 1 month at the end of February.
 * - A notice of N days is kept when the declaration is received at the latest N days before the
 *   end (SPEC §9: 10 days; domains: up to 14 days before the term's end).
 * - Consumers (§ 309 Nr. 9 BGB): to the end of the minimum term if the notice is kept, else the
 *   contract runs on indefinitely and ends N days after receipt.
 * - Businesses: to the end of the term in which the notice is kept; terms renew by the minimum term.
 * - An extraordinary cancellation (for good cause) takes effect on receipt.
 */

export type IsoDay = string;

export interface ContractTerms {
  /** The first day of the contract. */
  startsOn: IsoDay;
  minimumMonths: number;
  noticeDays: number;
  customerType: CustomerType;
}

export type CancellationRequest =
  | { type: 'regular'; end: 'earliest' }
  | { type: 'regular'; end: 'date'; date: IsoDay }
  | { type: 'extraordinary' };

const DAY_MS = 86_400_000;

function parse(day: IsoDay): { year: number; month: number; date: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`Kalendertag erwartet (JJJJ-MM-TT), erhalten: ${day}`);
  return { year: Number(match[1]), month: Number(match[2]), date: Number(match[3]) };
}

function iso(year: number, month: number, date: number): IsoDay {
  return new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function addDays(day: IsoDay, days: number): IsoDay {
  const { year, month, date } = parse(day);
  return new Date(Date.UTC(year, month - 1, date) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The last day of a period of `months` months that starts on `startsOn` (its first day counts,
 * § 187 Abs. 2 BGB): the day before the day of the same number in the last month, or that
 * month's last day when it has no such day (§ 188 Abs. 2, 3 BGB).
 */
export function periodEnd(startsOn: IsoDay, months: number): IsoDay {
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`Ganze Zahl von Monaten erwartet, erhalten: ${months}`);
  const { year, month, date } = parse(startsOn);
  const index = (month - 1 + months) % 12;
  const targetYear = year + Math.floor((month - 1 + months) / 12);
  const targetMonth = index + 1;
  // Starting on the 1st, the period ends with the last day of the month before.
  if (date === 1) return addDays(iso(targetYear, targetMonth, 1), -1);
  return iso(targetYear, targetMonth, Math.min(date - 1, daysInMonth(targetYear, targetMonth)));
}

/** The end of the minimum term. */
export function minimumTermEnd(contract: ContractTerms): IsoDay {
  return periodEnd(contract.startsOn, contract.minimumMonths);
}

/** Whether a declaration received on `receivedOn` keeps the notice to the end `end`. */
function keepsNotice(receivedOn: IsoDay, end: IsoDay, noticeDays: number): boolean {
  return receivedOn <= addDays(end, -noticeDays);
}

/** A business's term ends: the minimum term, renewed by the same term again and again. */
function businessTermEndOnOrAfter(contract: ContractTerms, day: IsoDay, fits: (end: IsoDay) => boolean): IsoDay {
  for (let terms = 1; ; terms += 1) {
    const end = periodEnd(contract.startsOn, contract.minimumMonths * terms);
    if (end >= day && fits(end)) return end;
  }
}

/** The earliest end a regular cancellation received on `receivedOn` gives. */
export function earliestEnd(contract: ContractTerms, receivedOn: IsoDay): IsoDay {
  const { noticeDays } = contract;
  const minimum = minimumTermEnd(contract);
  if (keepsNotice(receivedOn, minimum, noticeDays)) return minimum;
  if (contract.customerType === 'consumer') return addDays(receivedOn, noticeDays);
  return businessTermEndOnOrAfter(contract, minimum, (end) => keepsNotice(receivedOn, end, noticeDays));
}

/**
 * The end a cancellation received on `receivedOn` gives: the earliest possible end, or the date
 * asked for when it is later (a business's contract then ends with the term that contains it).
 */
export function cancellationEnd(contract: ContractTerms, receivedOn: IsoDay, request: CancellationRequest): IsoDay {
  if (request.type === 'extraordinary') return receivedOn;
  const earliest = earliestEnd(contract, receivedOn);
  if (request.end === 'earliest' || request.date <= earliest) return earliest;
  if (contract.customerType === 'consumer') return request.date;
  return businessTermEndOnOrAfter(contract, request.date, () => true);
}
