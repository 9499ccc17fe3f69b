import { describe, expect, it } from 'vitest';
import { servicesStartOn, servicesStartPendingText, servicesStartText, withdrawalPeriodEnd } from '../../../src/lib/contracts/service-start.ts';
import { daysPeriodEnd, easterSunday, isPublicHoliday, isWorkingDay } from '../../../src/lib/contracts/working-days.ts';
import { todayIso } from '../../../src/lib/forms/dates.ts';

/**
 * Worked examples of issues 20 and 33 (decisions 0034, 0053): the withdrawal period runs 14 days
 * from the conclusion of the contract, our acceptance (§ 355 Abs. 2 BGB): the day of the
 * acceptance does not count (§ 187 Abs. 1 BGB), the period ends with its fourteenth day (§ 188
 * Abs. 1 BGB), moved off a Saturday, Sunday or public holiday in Köln to the next working day
 * (§ 193 BGB). A consumer without the early start is served from the day after.
 */

const deferred = (concludedOn: string) => servicesStartOn(concludedOn, { customerType: 'consumer', earlyStart: false });

describe('Easter and the public holidays of Nordrhein-Westfalen', () => {
  it.each([
    [2008, '2008-03-23'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('Easter Sunday %i is %s', (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });

  it('knows the fixed and the movable holidays, and nothing else', () => {
    // Neujahr, Karfreitag, Ostermontag, 1. Mai, Himmelfahrt, Pfingstmontag, Fronleichnam, 3. Oktober, Allerheiligen, Weihnachten.
    const holidays2027 = ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-01', '2027-05-06', '2027-05-17', '2027-05-27', '2027-10-03', '2027-11-01', '2027-12-25', '2027-12-26'];
    for (const day of holidays2027) expect(isPublicHoliday(day), day).toBe(true);
    for (const day of ['2027-12-24', '2027-12-31', '2027-10-31', '2027-03-25', '2027-03-30']) expect(isPublicHoliday(day), day).toBe(false);
    expect(isWorkingDay('2027-03-25')).toBe(true); // Thursday before Good Friday
    expect(isWorkingDay('2027-03-27')).toBe(false); // Saturday
    expect(isWorkingDay('2027-03-28')).toBe(false); // Sunday
  });

  it('a period ending on a Saturday, Sunday or holiday ends on the next working day (§ 193 BGB)', () => {
    expect(daysPeriodEnd('2026-11-24', 14)).toBe('2026-12-08'); // Tuesday, stays
    expect(daysPeriodEnd('2026-11-20', 14)).toBe('2026-12-04'); // Friday, stays
    expect(daysPeriodEnd('2026-11-21', 14)).toBe('2026-12-07'); // Saturday → Monday
    expect(daysPeriodEnd('2026-12-11', 14)).toBe('2026-12-28'); // Friday 25.12. → Monday 28.12.
  });
});

describe('the withdrawal period and the deferred start', () => {
  it.each([
    // concluded (accepted)   period ends                         services begin
    ['2026-11-24', /* Di 08.12. */ '2026-12-08', '2026-12-09'], // plain weeks, a working day
    ['2027-01-29', /* Fr 12.02. */ '2027-02-12', '2027-02-13'], // over a month end; the start may be a Saturday
    ['2026-11-21', /* Sa 05.12. → Mo 07.12. */ '2026-12-07', '2026-12-08'], // accepted on a Saturday, the period ends on one
    ['2026-12-11', /* Fr 25.12. → Mo 28.12. */ '2026-12-28', '2026-12-29'], // both Christmas days and the weekend
    ['2026-12-18', /* Fr 01.01. → Mo 04.01. */ '2027-01-04', '2027-01-05'], // New Year and the turn of the year
    ['2027-03-12', /* Fr 26.03. Karfreitag → Di 30.03. */ '2027-03-30', '2027-03-31'], // Good Friday to Easter Monday
    ['2028-02-15', /* Di 29.02. */ '2028-02-29', '2028-03-01'], // leap day
    ['2026-04-17', /* Fr 01.05. → Mo 04.05. */ '2026-05-04', '2026-05-05'], // 1 May on a Friday, then the weekend
  ])('concluded on %s: the period ends on %s, the services begin on %s', (concludedOn, periodEnd, startsOn) => {
    expect(withdrawalPeriodEnd(concludedOn)).toBe(periodEnd);
    expect(deferred(concludedOn)).toBe(startsOn);
  });

  it('an early start, and every business order, begins on the day of the conclusion', () => {
    expect(servicesStartOn('2026-11-24', { customerType: 'consumer', earlyStart: true })).toBe('2026-11-24');
    expect(servicesStartOn('2026-11-24', { customerType: 'business', earlyStart: false })).toBe('2026-11-24');
    expect(servicesStartOn('2026-11-24', { customerType: 'business', earlyStart: true })).toBe('2026-11-24');
  });

  it('counts German calendar days: an acceptance at 00:30 in Köln on the night clocks change counts for that day', () => {
    // 29.03.2026 00:30 CET is 28.03. 23:30 UTC; 25.10.2026 01:30 CEST is 24.10. 23:30 UTC.
    expect(deferred(todayIso(new Date('2026-03-28T23:30:00Z')))).toBe(deferred('2026-03-29'));
    expect(deferred('2026-03-29')).toBe('2026-04-14'); // Sunday 12.04. → Monday 13.04. (Easter Monday 06.04. lies inside the period)
    expect(deferred(todayIso(new Date('2026-10-24T23:30:00Z')))).toBe('2026-11-10'); // Sunday 08.11. → Monday 09.11.
  });

  it('says when the services begin, in the words of the order records', () => {
    expect(servicesStartText({ customerType: 'consumer', earlyStart: false }, '2026-12-11')).toBe('am 11.12.2026, nach Ablauf der Widerrufsfrist');
    expect(servicesStartText({ customerType: 'consumer', earlyStart: true }, '2026-11-24')).toBe('sofort, am 24.11.2026 – auf Ihr Verlangen vor Ablauf der Widerrufsfrist');
    expect(servicesStartText({ customerType: 'business', earlyStart: false }, '2026-11-24')).toBe('sofort, am 24.11.2026');
  });

  it('says how the start follows from an acceptance still to come', () => {
    expect(servicesStartPendingText({ customerType: 'consumer', earlyStart: false })).toBe('nach Ablauf der Widerrufsfrist von 14 Tagen ab unserer Annahme');
    expect(servicesStartPendingText({ customerType: 'consumer', earlyStart: true })).toBe('sofort mit unserer Annahme – auf Ihr Verlangen vor Ablauf der Widerrufsfrist');
    expect(servicesStartPendingText({ customerType: 'business', earlyStart: false })).toBe('sofort mit unserer Annahme');
  });
});
