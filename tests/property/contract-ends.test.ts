import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, cancellationEnd, earliestEnd, minimumTermEnd, periodEnd, type ContractTerms } from '../../src/lib/contracts/ends.ts';

/** Properties of the contract maths (issue 19) over month ends, leap years and the day a notice ends. */

const day = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
/** Starts on month ends and in February are where periods go wrong: draw them often. */
const start = fc.oneof(
  day,
  fc.record({ year: fc.integer({ min: 2024, max: 2036 }), month: fc.integer({ min: 1, max: 12 }), date: fc.constantFrom(28, 29, 30, 31) }).map(({ year, month, date }) => {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
  }),
);
const contract = fc.record({
  startsOn: start,
  minimumMonths: fc.constantFrom(1, 6, 12, 24),
  noticeDays: fc.constantFrom(10, 14, 30),
  customerType: fc.constantFrom('consumer' as const, 'business' as const),
});
const receivedAfterStart = (terms: ContractTerms) => fc.integer({ min: 0, max: 1500 }).map((days) => addDays(terms.startsOn, days));

describe('contract ends', () => {
  it('a period of months ends the day before the same day number, or with the month that lacks it', () => {
    fc.assert(
      fc.property(start, fc.integer({ min: 1, max: 60 }), (from, months) => {
        const end = periodEnd(from, months);
        const next = addDays(end, 1);
        const startDay = Number(from.slice(8));
        const nextDay = Number(next.slice(8));
        expect(nextDay === startDay || nextDay === 1).toBe(true);
        expect(end > from).toBe(true);
        expect(periodEnd(from, months + 1) > end).toBe(true);
      }),
    );
  });

  it('a regular cancellation always keeps the notice and never ends before the minimum term', () => {
    fc.assert(
      fc.property(contract.chain((terms) => fc.tuple(fc.constant(terms), receivedAfterStart(terms))), ([terms, received]) => {
        const end = earliestEnd(terms, received);
        expect(end >= addDays(received, terms.noticeDays)).toBe(true);
        expect(end >= minimumTermEnd(terms)).toBe(true);
      }),
    );
  });

  it('the later the receipt, the later (or same) the end', () => {
    fc.assert(
      fc.property(contract.chain((terms) => fc.tuple(fc.constant(terms), receivedAfterStart(terms), fc.integer({ min: 0, max: 400 }))), ([terms, received, later]) => {
        expect(earliestEnd(terms, addDays(received, later)) >= earliestEnd(terms, received)).toBe(true);
      }),
    );
  });

  it('on the last day of the notice the minimum term still counts, one day later it does not', () => {
    fc.assert(
      fc.property(contract, (terms) => {
        const minimum = minimumTermEnd(terms);
        const lastDay = addDays(minimum, -terms.noticeDays);
        expect(earliestEnd(terms, lastDay)).toBe(minimum);
        expect(earliestEnd(terms, addDays(lastDay, 1)) > minimum).toBe(true);
      }),
    );
  });

  it('a consumer contract ends at the minimum term or notice days after receipt; a business one at a term end', () => {
    fc.assert(
      fc.property(contract.chain((terms) => fc.tuple(fc.constant(terms), receivedAfterStart(terms))), ([terms, received]) => {
        const end = earliestEnd(terms, received);
        if (terms.customerType === 'consumer') {
          expect([minimumTermEnd(terms), addDays(received, terms.noticeDays)]).toContain(end);
        } else {
          const termEnds = Array.from({ length: 80 }, (_, index) => periodEnd(terms.startsOn, terms.minimumMonths * (index + 1)));
          expect(termEnds).toContain(end);
        }
      }),
    );
  });

  it('a date asked for is kept when it is late enough, and never undercuts the earliest end', () => {
    fc.assert(
      fc.property(
        contract.chain((terms) => fc.tuple(fc.constant(terms), receivedAfterStart(terms), fc.integer({ min: 0, max: 900 }))),
        ([terms, received, offset]) => {
          const date = addDays(received, offset);
          const end = cancellationEnd(terms, received, { type: 'regular', end: 'date', date });
          expect(end >= earliestEnd(terms, received)).toBe(true);
          expect(end >= date).toBe(true);
          if (terms.customerType === 'consumer' && date >= earliestEnd(terms, received)) expect(end).toBe(date);
        },
      ),
    );
  });
});
