import { addDays, type IsoDay } from './ends.ts';

/**
 * Working days at our seat in Köln, for periods that end on a Saturday, Sunday or public holiday:
 * § 193 BGB (and Art. 3 Abs. 4 of Regulation 1182/71 for the periods of EU consumer law) puts the
 * next working day in its place. Holidays are those of Nordrhein-Westfalen, where declarations to
 * us are received. Pure calendar-day maths on 'YYYY-MM-DD' (no clocks, no time zones).
 */

const weekday = (day: IsoDay): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** Fixed holidays in NRW (MM-DD): New Year, Labour Day, German Unity, All Saints, Christmas. */
const FIXED_HOLIDAYS = new Set(['01-01', '05-01', '10-03', '11-01', '12-25', '12-26']);
/** Days from Easter Sunday: Good Friday, Easter Monday, Ascension, Whit Monday, Corpus Christi. */
const EASTER_OFFSETS = [-2, 1, 39, 50, 60];

export function isPublicHoliday(day: IsoDay): boolean {
  if (FIXED_HOLIDAYS.has(day.slice(5))) return true;
  const easter = easterSunday(Number(day.slice(0, 4)));
  return EASTER_OFFSETS.some((offset) => addDays(easter, offset) === day);
}

export function isWorkingDay(day: IsoDay): boolean {
  const dayOfWeek = weekday(day);
  return dayOfWeek !== 0 && dayOfWeek !== 6 && !isPublicHoliday(day);
}

/** The day itself when it is a working day, else the next working day (§ 193 BGB). */
function workingDayOnOrAfter(day: IsoDay): IsoDay {
  let current = day;
  while (!isWorkingDay(current)) current = addDays(current, 1);
  return current;
}

/**
 * The last day of a period of `days` days that an event on `eventDay` starts: the event's own day
 * does not count (§ 187 Abs. 1 BGB), the period ends with its last day (§ 188 Abs. 1 BGB), moved
 * to the next working day (§ 193 BGB).
 */
export function daysPeriodEnd(eventDay: IsoDay, days: number): IsoDay {
  return workingDayOnOrAfter(addDays(eventDay, days));
}
