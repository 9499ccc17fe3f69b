/** SPEC §9: counters animate over 1200 ms plus 200 ms per item (the n-th counter takes longer). */
export function counterDuration(itemIndex: number): number {
  return 1200 + 200 * itemIndex;
}

/** The value shown after `elapsed` ms: eased towards the target, exact at the end. */
export function counterValue(target: number, elapsed: number, duration: number): number {
  if (elapsed >= duration) return target;
  const progress = Math.max(0, elapsed / duration);
  const eased = 1 - (1 - progress) ** 3;
  return Math.floor(target * eased);
}

const numberFormat = new Intl.NumberFormat('de-DE');

/** German number format: 1440 → '1.440'. */
export function formatCount(value: number): string {
  return numberFormat.format(value);
}
