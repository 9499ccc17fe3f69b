import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/contracts/ends.ts';
import { servicesStartOn, WITHDRAWAL_DAYS, withdrawalPeriodEnd } from '../../src/lib/contracts/service-start.ts';
import { isWorkingDay } from '../../src/lib/contracts/working-days.ts';
import { acceptanceDeadline, ACCEPTANCE_DAYS } from '../../src/lib/orders/acceptance.ts';

/**
 * Properties of the deferred start (issues 20, 33): the withdrawal period runs from the conclusion,
 * our acceptance, and nothing is performed while a withdrawal is still free.
 */

const day = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));

describe('the withdrawal period and the deferred start', () => {
  it('ends on the first working day from the 14th day after the conclusion, and the services begin the day after', () => {
    fc.assert(
      fc.property(day, (concludedOn) => {
        const periodEnd = withdrawalPeriodEnd(concludedOn);
        expect(isWorkingDay(periodEnd)).toBe(true);
        expect(periodEnd >= addDays(concludedOn, WITHDRAWAL_DAYS)).toBe(true);
        // Every day between the 14th and the end is a Saturday, Sunday or holiday (§ 193 BGB moves no further).
        for (let between = addDays(concludedOn, WITHDRAWAL_DAYS); between < periodEnd; between = addDays(between, 1)) expect(isWorkingDay(between)).toBe(false);
        // At most a long weekend beyond: Christmas and New Year never add more than 4 days.
        expect(periodEnd <= addDays(concludedOn, WITHDRAWAL_DAYS + 4)).toBe(true);
        expect(servicesStartOn(concludedOn, { customerType: 'consumer', earlyStart: false })).toBe(addDays(periodEnd, 1));
        expect(servicesStartOn(concludedOn, { customerType: 'consumer', earlyStart: true })).toBe(concludedOn);
        expect(servicesStartOn(concludedOn, { customerType: 'business', earlyStart: false })).toBe(concludedOn);
      }),
      { numRuns: 2000 },
    );
  });

  it('an acceptance on any day up to the deadline starts the services after its own withdrawal period, never before', () => {
    fc.assert(
      fc.property(day, (orderedOn) => {
        const deadline = acceptanceDeadline(orderedOn);
        expect(isWorkingDay(deadline)).toBe(true);
        expect(deadline >= addDays(orderedOn, ACCEPTANCE_DAYS)).toBe(true);
        for (let concludedOn = orderedOn; concludedOn <= deadline; concludedOn = addDays(concludedOn, 1)) {
          expect(withdrawalPeriodEnd(concludedOn) < servicesStartOn(concludedOn, { customerType: 'consumer', earlyStart: false })).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
