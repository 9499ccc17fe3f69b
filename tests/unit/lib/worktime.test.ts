import { describe, expect, it } from 'vitest';
import {
  assessWorkday,
  DEFAULT_PLANNED_MINUTES,
  durationFrom,
  formatClock,
  formatDuration,
  needsOvertimeHint,
  overtimeMinutes,
  parseClock,
  requiredBreakMinutes,
} from '../../../src/lib/worktime.ts';

const hm = (hours: number, minutes: number) => hours * 60 + minutes;

describe('required break (§ 4 ArbZG as SPEC §9 states it)', () => {
  it.each([
    ['0:00', hm(0, 0), 0],
    ['5:59', hm(5, 59), 0],
    ['6:00', hm(6, 0), 30],
    ['8:59', hm(8, 59), 30],
    ['9:00', hm(9, 0), 45],
    ['9:01', hm(9, 1), 45],
    ['10:30', hm(10, 30), 45],
  ])('%s h of work need %i minutes of break', (_label, work, expected) => {
    expect(requiredBreakMinutes(work)).toBe(expected);
  });
});

describe('overtime hint', () => {
  it('uses a planned working day of 8 hours as the default rating window', () => {
    expect(DEFAULT_PLANNED_MINUTES).toBe(480);
    expect(overtimeMinutes(hm(9, 1))).toBe(61);
    expect(overtimeMinutes(hm(6, 0))).toBe(0);
  });

  it('appears only when more than 30 minutes past the rating window', () => {
    expect(needsOvertimeHint(hm(8, 30))).toBe(false);
    expect(needsOvertimeHint(hm(8, 31))).toBe(true);
    expect(needsOvertimeHint(hm(6, 31), hm(6, 0))).toBe(true);
    expect(needsOvertimeHint(hm(9, 0), hm(9, 0))).toBe(false);
  });
});

describe('assessWorkday', () => {
  const start = hm(8, 0);

  it('5:59 h: no break, no hint, ends at 13:59', () => {
    expect(assessWorkday({ workMinutes: hm(5, 59), startMinutes: start })).toEqual({
      breakMinutes: 0,
      attendanceMinutes: hm(5, 59),
      endMinutes: hm(13, 59),
      endsNextDay: false,
      overtimeMinutes: 0,
      overtimeHint: false,
      exceedsMaximum: false,
    });
  });

  it('6:00 h: 30 minutes of break, ends at 14:30', () => {
    const result = assessWorkday({ workMinutes: hm(6, 0), startMinutes: start });
    expect(result).toMatchObject({ breakMinutes: 30, attendanceMinutes: hm(6, 30), endMinutes: hm(14, 30), overtimeHint: false });
  });

  it('9:00 h: 45 minutes of break and the overtime hint (60 minutes past 8 h)', () => {
    const result = assessWorkday({ workMinutes: hm(9, 0), startMinutes: start });
    expect(result).toMatchObject({ breakMinutes: 45, endMinutes: hm(17, 45), overtimeMinutes: 60, overtimeHint: true });
  });

  it('9:01 h: 45 minutes of break, overtime 61 minutes', () => {
    const result = assessWorkday({ workMinutes: hm(9, 1), startMinutes: start });
    expect(result).toMatchObject({ breakMinutes: 45, attendanceMinutes: hm(9, 46), endMinutes: hm(17, 46), overtimeMinutes: 61, overtimeHint: true });
  });

  it('flags more than 10 hours and an end after midnight', () => {
    const result = assessWorkday({ workMinutes: hm(10, 1), startMinutes: hm(22, 0) });
    expect(result).toMatchObject({ exceedsMaximum: true, endsNextDay: true, endMinutes: hm(8, 46) });
    expect(assessWorkday({ workMinutes: hm(10, 0), startMinutes: start }).exceedsMaximum).toBe(false);
  });
});

describe('formatting and parsing', () => {
  it('formats durations and clock times the German way', () => {
    expect(formatDuration(hm(9, 1))).toBe('9:01');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatClock(hm(17, 46))).toBe('17:46');
    expect(formatClock(hm(24, 5))).toBe('00:05');
  });

  it('parses time-input values and rejects anything else', () => {
    expect(parseClock('08:30')).toBe(hm(8, 30));
    expect(parseClock('23:59')).toBe(hm(23, 59));
    expect(parseClock('24:00')).toBeNull();
    expect(parseClock('')).toBeNull();
    expect(parseClock('8 Uhr')).toBeNull();
  });

  it('reads hour and minute fields leniently', () => {
    expect(durationFrom('9', '1')).toBe(hm(9, 1));
    expect(durationFrom('', '')).toBe(0);
    expect(durationFrom('-3', 'abc')).toBe(0);
    expect(durationFrom('5', '90')).toBe(hm(6, 30));
    expect(durationFrom('30', '0')).toBe(hm(24, 0));
  });
});
