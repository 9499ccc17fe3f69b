import { describe, expect, it } from 'vitest';
import { servicesStartOn, servicesStartText, withdrawalPeriodEnd } from '../../../src/lib/contracts/service-start.ts';
import { daysPeriodEnd, easterSunday, isPublicHoliday, isWorkingDay } from '../../../src/lib/contracts/working-days.ts';
import { todayIso } from '../../../src/lib/forms/dates.ts';

/**
 * Worked examples of issue 20 (decision 0034): a consumer without the early start is served from
 * the day after the latest end of the withdrawal period – 14 days from our acceptance, which comes
 * within 2 days of the order (§ 3 Abs. 4 AGB), each period ending on a working day in Köln.
 */

const deferred = (orderedOn: string) => servicesStartOn(orderedOn, { customerType: 'consumer', earlyStart: false });

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
    // ordered      accepted at the latest   period ends at the latest   services begin
    ['2026-11-24', /* Do 26.11. */ '2026-12-10', '2026-12-11'], // plain weeks
    ['2027-01-29', /* So 31.01. → Mo 01.02. */ '2027-02-15', '2027-02-16'], // acceptance over a month end and a weekend
    ['2026-12-23', /* Fr 25.12. → Mo 28.12. */ '2027-01-11', '2027-01-12'], // Christmas and the turn of the year
    ['2027-03-10', /* Fr 12.03. */ '2027-03-30', '2027-03-31'], // the period would end on Good Friday: after Easter Monday
    ['2028-02-13', /* Di 15.02. */ '2028-02-29', '2028-03-01'], // leap day
    ['2026-04-30', /* Sa 02.05. → Mo 04.05. */ '2026-05-18', '2026-05-19'], // 1 May on a Friday, then the weekend
  ])('ordered on %s: the period ends at the latest on %s, the services begin on %s', (orderedOn, periodEnd, startsOn) => {
    expect(withdrawalPeriodEnd(orderedOn)).toBe(periodEnd);
    expect(deferred(orderedOn)).toBe(startsOn);
  });

  it('an early start, and every business order, begins on the day of the order', () => {
    expect(servicesStartOn('2026-11-24', { customerType: 'consumer', earlyStart: true })).toBe('2026-11-24');
    expect(servicesStartOn('2026-11-24', { customerType: 'business', earlyStart: false })).toBe('2026-11-24');
    expect(servicesStartOn('2026-11-24', { customerType: 'business', earlyStart: true })).toBe('2026-11-24');
  });

  it('counts German calendar days: an order at 00:30 in Köln on the night clocks change counts for that day', () => {
    // 29.03.2026 00:30 CET is 28.03. 23:30 UTC; 25.10.2026 01:30 CEST is 24.10. 23:30 UTC.
    expect(deferred(todayIso(new Date('2026-03-28T23:30:00Z')))).toBe(deferred('2026-03-29'));
    expect(deferred('2026-03-29')).toBe('2026-04-15'); // accepted Tue 31.03., period to Tue 14.04. (after Easter Monday 06.04.)
    expect(deferred(todayIso(new Date('2026-10-24T23:30:00Z')))).toBe('2026-11-11');
  });

  it('says when the services begin, in the words of the order records', () => {
    expect(servicesStartText({ customerType: 'consumer', earlyStart: false }, '2026-12-11')).toBe('am 11.12.2026, nach Ablauf der Widerrufsfrist');
    expect(servicesStartText({ customerType: 'consumer', earlyStart: true }, '2026-11-24')).toBe('sofort, am 24.11.2026 – auf Ihr Verlangen vor Ablauf der Widerrufsfrist');
    expect(servicesStartText({ customerType: 'business', earlyStart: false }, '2026-11-24')).toBe('sofort, am 24.11.2026');
  });
});
