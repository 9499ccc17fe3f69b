import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/contracts/ends.ts';
import { ACCEPTANCE_DAYS, servicesStartOn, WITHDRAWAL_DAYS, withdrawalPeriodEnd } from '../../src/lib/contracts/service-start.ts';
import { daysPeriodEnd, isWorkingDay } from '../../src/lib/contracts/working-days.ts';

/** Properties of the deferred start (issue 20): nothing is performed while a withdrawal is still free. */

const day = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));

describe('the deferred start', () => {
  it('begins after the withdrawal period of every day the contract may be concluded on, and right after the latest', () => {
    fc.assert(
      fc.property(day, (orderedOn) => {
        const startsOn = servicesStartOn(orderedOn, { customerType: 'consumer', earlyStart: false });
        expect(startsOn).toBe(addDays(withdrawalPeriodEnd(orderedOn), 1));
        expect(isWorkingDay(withdrawalPeriodEnd(orderedOn))).toBe(true);
        // Accepted on any day up to the end of the acceptance period: that period ends before the start.
        const latestAcceptance = daysPeriodEnd(orderedOn, ACCEPTANCE_DAYS);
        for (let concludedOn = orderedOn; concludedOn <= latestAcceptance; concludedOn = addDays(concludedOn, 1)) {
          expect(daysPeriodEnd(concludedOn, WITHDRAWAL_DAYS) < startsOn).toBe(true);
        }
        // And never far beyond it: at most 2 + 14 days plus the weekends and holidays they end on.
        expect(startsOn > addDays(orderedOn, ACCEPTANCE_DAYS + WITHDRAWAL_DAYS)).toBe(true);
        expect(startsOn <= addDays(orderedOn, ACCEPTANCE_DAYS + WITHDRAWAL_DAYS + 9)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
