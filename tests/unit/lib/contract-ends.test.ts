import { describe, expect, it } from 'vitest';
import { cancellationEnd, earliestEnd, minimumTermEnd, periodEnd, type ContractTerms } from '../../../src/lib/contracts/ends.ts';

/** Worked examples of issue 19: the dates a person checks against §§ 187, 188 BGB and the AGB. */

const sixMonths = (customerType: ContractTerms['customerType']): ContractTerms => ({ startsOn: '2026-11-24', minimumMonths: 6, noticeDays: 10, customerType });
const monthFrom31 = (customerType: ContractTerms['customerType']): ContractTerms => ({ startsOn: '2026-01-31', minimumMonths: 1, noticeDays: 10, customerType });
const leapDomain = (customerType: ContractTerms['customerType']): ContractTerms => ({ startsOn: '2028-02-29', minimumMonths: 12, noticeDays: 14, customerType });

describe('periods of months (§§ 187 Abs. 2, 188 Abs. 2, 3 BGB)', () => {
  it.each([
    ['2026-11-24', 6, '2027-05-23'],
    ['2026-01-15', 6, '2026-07-14'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-03-01', 1, '2026-03-31'],
    ['2026-12-01', 1, '2026-12-31'],
    ['2026-12-15', 1, '2027-01-14'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2028-02-29', 48, '2032-02-28'],
    ['2027-12-15', 6, '2028-06-14'],
  ])('a term from %s for %i months ends on %s', (start, months, end) => {
    expect(periodEnd(start, months)).toBe(end);
  });

  it('refuses what is not a calendar day or a whole number of months', () => {
    expect(() => periodEnd('24.11.2026', 6)).toThrow(RangeError);
    expect(() => periodEnd('2026-11-24', 0)).toThrow(RangeError);
    expect(() => periodEnd('2026-11-24', 1.5)).toThrow(RangeError);
  });
});

describe('the end a regular cancellation gives', () => {
  it.each([
    // A 6-month package from 24.11.2026: the minimum term ends on 23.05.2027; 10 days before is 13.05.
    [sixMonths('consumer'), '2026-12-01', '2027-05-23'],
    [sixMonths('consumer'), '2027-05-13', '2027-05-23'],
    [sixMonths('consumer'), '2027-05-14', '2027-05-24'],
    [sixMonths('consumer'), '2027-09-30', '2027-10-10'],
    [sixMonths('business'), '2027-05-13', '2027-05-23'],
    [sixMonths('business'), '2027-05-14', '2027-11-23'],
    [sixMonths('business'), '2027-11-13', '2027-11-23'],
    [sixMonths('business'), '2027-11-14', '2028-05-23'],
    // One month from 31.01.: ends with February; renewed, with the 30th of each month.
    [monthFrom31('consumer'), '2026-02-18', '2026-02-28'],
    [monthFrom31('consumer'), '2026-02-19', '2026-03-01'],
    [monthFrom31('business'), '2026-02-19', '2026-03-30'],
    // A domain from 29.02.2028: 14 days before 28.02.2029 is 14.02.
    [leapDomain('consumer'), '2029-02-14', '2029-02-28'],
    [leapDomain('consumer'), '2029-02-15', '2029-03-01'],
    [leapDomain('business'), '2029-02-15', '2030-02-28'],
  ])('%o received on %s ends on %s', (contract, received, end) => {
    expect(earliestEnd(contract, received)).toBe(end);
    expect(cancellationEnd(contract, received, { type: 'regular', end: 'earliest' })).toBe(end);
  });

  it('the minimum term of each example', () => {
    expect([sixMonths('consumer'), monthFrom31('consumer'), leapDomain('business')].map(minimumTermEnd)).toEqual(['2027-05-23', '2026-02-28', '2029-02-28']);
  });
});

describe('the end asked for', () => {
  it('a consumer gets the later date asked for, never one before the earliest end', () => {
    expect(cancellationEnd(sixMonths('consumer'), '2027-01-10', { type: 'regular', end: 'date', date: '2027-08-01' })).toBe('2027-08-01');
    expect(cancellationEnd(sixMonths('consumer'), '2027-01-10', { type: 'regular', end: 'date', date: '2027-03-01' })).toBe('2027-05-23');
  });

  it('a business ends with the term that contains the date asked for', () => {
    expect(cancellationEnd(sixMonths('business'), '2027-01-10', { type: 'regular', end: 'date', date: '2027-08-01' })).toBe('2027-11-23');
    expect(cancellationEnd(sixMonths('business'), '2027-01-10', { type: 'regular', end: 'date', date: '2027-05-23' })).toBe('2027-05-23');
  });

  it('an extraordinary cancellation ends the contract on receipt', () => {
    expect(cancellationEnd(sixMonths('business'), '2027-01-10', { type: 'extraordinary' })).toBe('2027-01-10');
  });
});
