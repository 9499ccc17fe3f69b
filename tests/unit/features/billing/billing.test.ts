import { describe, expect, it } from 'vitest';
import { billingPeriod, daysBetween, duePeriods, refundOf } from '../../../../src/features/billing/billing.ts';

const monthly = { startsOn: '2027-01-31', billingMonths: 1, endsOn: null };
const halfYearly = { startsOn: '2026-11-25', billingMonths: 6, endsOn: null };

describe('billingPeriod', () => {
  it('counts every period from the start like a term (§§ 187, 188 BGB)', () => {
    expect([0, 1, 2].map((index) => billingPeriod(monthly, index))).toEqual([
      { index: 0, start: '2027-01-31', end: '2027-02-28' },
      { index: 1, start: '2027-03-01', end: '2027-03-30' },
      { index: 2, start: '2027-03-31', end: '2027-04-30' },
    ]);
    expect(billingPeriod(halfYearly, 1)).toEqual({ index: 1, start: '2027-05-25', end: '2027-11-24' });
  });
});

describe('duePeriods', () => {
  it('bills the first period with the order, even before it begins, and each later one from its first day', () => {
    const later = { startsOn: '2026-12-11', billingMonths: 1, endsOn: null };
    expect(duePeriods(later, -1, '2026-11-25').map((period) => period.start)).toEqual(['2026-12-11']);
    expect(duePeriods(later, 0, '2027-01-10').map((period) => period.start)).toEqual([]);
    expect(duePeriods(later, 0, '2027-01-11').map((period) => period.start)).toEqual(['2027-01-11']);
  });

  it('catches up every period a missed run left, and none after the contract ended', () => {
    expect(duePeriods(halfYearly, -1, '2027-11-25').map((period) => period.start)).toEqual(['2026-11-25', '2027-05-25', '2027-11-25']);
    expect(duePeriods({ ...halfYearly, endsOn: '2027-05-24' }, -1, '2027-11-25').map((period) => period.start)).toEqual(['2026-11-25']);
    expect(duePeriods({ ...halfYearly, endsOn: '2027-05-25' }, 0, '2027-11-25').map((period) => period.start)).toEqual(['2027-05-25']);
  });

  it('skips periods that began before invoicing went live', () => {
    expect(duePeriods(halfYearly, -1, '2027-11-25', '2027-01-01').map((period) => period.start)).toEqual(['2027-05-25', '2027-11-25']);
  });
});

describe('refundOf', () => {
  const period = { start: '2027-01-01', end: '2027-01-31' };

  it('refunds the days after the end, pro rata and rounded half up', () => {
    expect(daysBetween(period.start, period.end)).toBe(31);
    // 21 of 31 days: 9520 × 21 / 31 = 6449.03…
    expect(refundOf(period, 9520, '2027-01-10')).toEqual({ start: '2027-01-11', end: '2027-01-31', cents: 6449, whole: false });
    // 1 of 31 days of 1550 cents = 50 exactly; of 1535 = 49.516… → 50
    expect(refundOf(period, 1535, '2027-01-30')!.cents).toBe(50);
  });

  it('refunds the whole period when the contract ended before it, and nothing when the period ended first', () => {
    expect(refundOf(period, 9520, '2026-12-20')).toEqual({ start: '2027-01-01', end: '2027-01-31', cents: 9520, whole: true });
    expect(refundOf(period, 9520, '2027-01-31')).toBeNull();
    expect(refundOf(period, 9520, '2027-02-10')).toBeNull();
  });
});
