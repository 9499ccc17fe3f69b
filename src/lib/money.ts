/**
 * Money is integer cents everywhere (ARCHITECTURE §3): adding and multiplying floats of euros
 * drifts by fractions of a cent, and a price list or an invoice must never show 95,19 €.
 * Only this module turns cents into text, so every page formats amounts the same way.
 */

/** German VAT (Umsatzsteuer), standard rate. SPEC §9: all displayed prices include it. */
export const VAT_RATE = 0.19;

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const percent = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 2 });

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

/** '19 %' for 0.19 (with the no-break space German typography wants). */
export function formatPercent(rate: number): string {
  return percent.format(rate);
}

/** The net amount inside a gross price, rounded to whole cents: 9520 → 8000 at 19 %. */
export function grossToNet(cents: number, vatRate: number = VAT_RATE): number {
  assertCents(cents);
  return Math.round(cents / (1 + vatRate));
}

/** The gross amount for a net price, rounded to whole cents: 8000 → 9520 at 19 %. */
export function netToGross(cents: number, vatRate: number = VAT_RATE): number {
  assertCents(cents);
  return Math.round(cents * (1 + vatRate));
}
