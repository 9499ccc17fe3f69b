/**
 * The hour inputs of the configurator (SPEC §5): development and support hours at least 0,
 * support-only hours at least 1; whatever is not a number becomes that minimum. Hours are whole
 * (an estimate in half hours promises a precision it does not have) and capped, so that no input
 * can push a price beyond what integer cents hold exactly.
 */

export const MAX_HOURS = 9999;

export const HOURS_MINIMUM = {
  developmentHours: 0,
  supportHours: 0,
  supportOnlyHours: 1,
} as const;

/** The hours an input stands for: '12' → 12, '-3' → minimum, 'abc' or '' → minimum, '7,9' → 7. */
export function clampHours(raw: string | number, minimum: number): number {
  const value = typeof raw === 'number' ? raw : raw.trim() === '' ? Number.NaN : Number(raw.trim().replace(',', '.'));
  if (!Number.isFinite(value)) return minimum;
  return Math.min(MAX_HOURS, Math.max(minimum, Math.trunc(value)));
}
