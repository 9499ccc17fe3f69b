/**
 * Break and overtime rules of the time-tracking offer (SPEC §9), used by the break calculator on
 * /zeiterfassung. All durations are whole minutes, so 9:01 h never turns into 9.0166… and the
 * thresholds compare exactly.
 *
 * Breaks (§ 4 ArbZG): the statute asks for at least 30 minutes when the working time exceeds six
 * hours and 45 minutes when it exceeds nine hours. SPEC §9 states the rule as "from 6 hours" and
 * "from 9 hours", so the calculator already plans the break at exactly 6:00 h and 9:00 h. That is
 * the stricter reading and never violates the law: a working day planned at exactly six hours
 * that overruns by one minute is still covered.
 *
 * Overtime hint ("more than 30 min past the rating window", SPEC §9): the rating window is the
 * planned daily working time of the employee (default 8 hours, the usual full-time day of a
 * 40-hour week). Up to 30 minutes beyond it count as normal fluctuation; more than that shows
 * the hint, so that overtime is agreed with the employer instead of piling up unnoticed.
 */

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/** Thresholds of the break rule, largest first (the first match wins). */
const BREAK_RULES: readonly { readonly fromMinutes: number; readonly breakMinutes: number }[] = [
  { fromMinutes: 9 * MINUTES_PER_HOUR, breakMinutes: 45 },
  { fromMinutes: 6 * MINUTES_PER_HOUR, breakMinutes: 30 },
];

/** The planned daily working time when the visitor enters none: 8 hours. */
export const DEFAULT_PLANNED_MINUTES = 8 * MINUTES_PER_HOUR;

/** Minutes beyond the planned time that still count as normal fluctuation (SPEC §9). */
export const OVERTIME_TOLERANCE_MINUTES = 30;

/** § 3 ArbZG: the working day may be extended to ten hours at most. */
export const MAX_DAILY_WORK_MINUTES = 10 * MINUTES_PER_HOUR;

/** The minimum break for a working time (without breaks), in minutes. */
export function requiredBreakMinutes(workMinutes: number): number {
  return BREAK_RULES.find((rule) => workMinutes >= rule.fromMinutes)?.breakMinutes ?? 0;
}

/** Minutes worked beyond the planned daily working time (0 when below it). */
export function overtimeMinutes(workMinutes: number, plannedMinutes = DEFAULT_PLANNED_MINUTES): number {
  return Math.max(0, workMinutes - plannedMinutes);
}

/** True when the working time is more than 30 minutes past the rating window. */
export function needsOvertimeHint(workMinutes: number, plannedMinutes = DEFAULT_PLANNED_MINUTES): boolean {
  return overtimeMinutes(workMinutes, plannedMinutes) > OVERTIME_TOLERANCE_MINUTES;
}

export interface WorkdayInput {
  /** Working time without breaks. */
  workMinutes: number;
  /** Planned daily working time (the rating window). */
  plannedMinutes?: number;
  /** Start of work as minutes after midnight. */
  startMinutes: number;
}

export interface WorkdayAssessment {
  breakMinutes: number;
  /** Time at the workplace: work plus the minimum break. */
  attendanceMinutes: number;
  /** Earliest end of the working day as minutes after midnight. */
  endMinutes: number;
  /** The earliest end falls on the next calendar day. */
  endsNextDay: boolean;
  overtimeMinutes: number;
  overtimeHint: boolean;
  /** More than the ten hours § 3 ArbZG allows. */
  exceedsMaximum: boolean;
}

export function assessWorkday({ workMinutes, plannedMinutes = DEFAULT_PLANNED_MINUTES, startMinutes }: WorkdayInput): WorkdayAssessment {
  const breakMinutes = requiredBreakMinutes(workMinutes);
  const attendanceMinutes = workMinutes + breakMinutes;
  const end = startMinutes + attendanceMinutes;
  return {
    breakMinutes,
    attendanceMinutes,
    endMinutes: end % MINUTES_PER_DAY,
    endsNextDay: end >= MINUTES_PER_DAY,
    overtimeMinutes: overtimeMinutes(workMinutes, plannedMinutes),
    overtimeHint: needsOvertimeHint(workMinutes, plannedMinutes),
    exceedsMaximum: workMinutes > MAX_DAILY_WORK_MINUTES,
  };
}

/** A duration as German time-tracking writes it: 541 → '9:01'. */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `${Math.floor(whole / MINUTES_PER_HOUR)}:${String(whole % MINUTES_PER_HOUR).padStart(2, '0')}`;
}

/** A time of day for display: 1011 → '16:51'. */
export function formatClock(minutesOfDay: number): string {
  const minutes = ((Math.round(minutesOfDay) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(minutes / MINUTES_PER_HOUR)).padStart(2, '0')}:${String(minutes % MINUTES_PER_HOUR).padStart(2, '0')}`;
}

/** Reads the value of an `<input type="time">` ('08:30') as minutes after midnight; null if invalid. */
export function parseClock(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * MINUTES_PER_HOUR + Number(match[2]);
}

/**
 * Hours and minutes as typed into two number fields. Empty or non-numeric input counts as 0,
 * negative values are clamped to 0; minutes beyond 59 carry over as a person would expect.
 */
export function durationFrom(hours: string, minutes: string): number {
  const toCount = (text: string) => {
    const value = Number.parseInt(text, 10);
    return Number.isFinite(value) && value > 0 ? value : 0;
  };
  return Math.min(toCount(hours) * MINUTES_PER_HOUR + toCount(minutes), MINUTES_PER_DAY);
}
