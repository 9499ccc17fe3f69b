/**
 * Money is integer cents everywhere (ARCHITECTURE §3): adding and multiplying floats of euros
 * drifts by fractions of a cent, and a price list or an invoice must never show 95,19 €.
 * Only this module turns cents into text, so every page formats amounts the same way.
 * VAT rates are whole percent (19, 7) and conversions round in integer arithmetic (cents × 119,
 * halves up): exact by construction, so no amount depends on how a float happens to round.
 */

/** German VAT (Umsatzsteuer), standard rate in percent. SPEC §9: displayed prices include it. */
export const VAT_PERCENT = 19;

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

function assertCents(cents: number): void {
  // A float here means someone passed euros; fail loudly instead of printing a wrong price.
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Betrag in Cent erwartet, erhalten: ${cents}`);
}

/**
 * '95,20 €' for 9520. Intl puts a no-break space before the euro sign, so the amount never
 * wraps away from its currency.
 */
export function formatEuro(cents: number): string {
  assertCents(cents);
  return euro.format(cents / 100);
}

/** '19 %' for 19 (with the no-break space German typography wants). */
export function formatVatPercent(percent: number = VAT_PERCENT): string {
  return `${percent.toLocaleString('de-DE')}\u00a0%`;
}

/** Commercial rounding of numerator / denominator for non-negative integers: halves round up. */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The net amount inside a gross price, rounded to whole cents: 9520 → 8000 at 19 %. */
export function grossToNet(cents: number, percent: number = VAT_PERCENT): number {
  assertCents(cents);
  return divideRounded(cents * 100, 100 + percent);
}

/** The gross amount for a net price, rounded to whole cents: 8000 → 9520 at 19 %. */
export function netToGross(cents: number, percent: number = VAT_PERCENT): number {
  assertCents(cents);
  return cents + vatOfNet(cents, percent);
}

/** The VAT on a net amount, rounded to whole cents (EN 16931 BR-CO-17: taxable amount × rate). */
export function vatOfNet(cents: number, percent: number = VAT_PERCENT): number {
  assertCents(cents);
  return divideRounded(cents * percent, 100);
}
