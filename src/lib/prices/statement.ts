import { formatEuro, formatVatPercent, VAT_PERCENT } from '../money.ts';
import type { Amount, PriceBasis } from './amounts.ts';
import { everyText, paymentText, secondPaymentText, UNIT_LABEL, type Rhythm } from './rhythm.ts';
import type { PriceUnit } from '../schemas/price-source.ts';

/**
 * How amounts read wherever an order is shown — cart dialog, checkout summary, success page,
 * order mails — so all of them say the same (PAngV; § 312j Abs. 2 BGB). Consumers see gross
 * amounts with the VAT they contain; a business may read net amounts with the VAT added.
 */

/** What a reader sees: gross amounts ('inkl. USt.') or net amounts ('zzgl. USt.'). */
export type PriceDisplay = 'gross' | 'net';

/** A line as the statement needs it: one unit, its payment and its rhythm, in the cart's basis and gross. */
export interface StatementLine {
  quantity: number;
  unitCents: number;
  paymentCents: number;
  /** The gross of one unit and of the payment: what a business line shown gross reads (never its net with VAT added back). */
  unitGrossCents: number;
  paymentGrossCents: number;
  vatPercent: number;
  unit: PriceUnit;
  rhythm: Rhythm;
}

/** A figure of the line in the display: a net-priced (business) line shown gross reads its own gross figures. */
function shown(line: StatementLine, figure: 'unit' | 'payment', basis: PriceBasis, display: PriceDisplay): number {
  if (basis === 'net' && display === 'gross') return figure === 'unit' ? line.unitGrossCents : line.paymentGrossCents;
  return figure === 'unit' ? line.unitCents : line.paymentCents;
}

/** '95,20 €' or, shown net, '80,00 € netto'. */
export function euro(cents: number, display: PriceDisplay): string {
  return display === 'net' ? `${formatEuro(cents)} netto` : formatEuro(cents);
}

/** '95,20 € pro Stunde' */
export function unitPriceText(line: StatementLine, basis: PriceBasis, display: PriceDisplay): string {
  return `${euro(shown(line, 'unit', basis, display), display)} ${UNIT_LABEL[line.unit]}`;
}

/** The line's payment: '190,40 €' */
export function paymentAmountText(line: StatementLine, basis: PriceBasis, display: PriceDisplay): string {
  return euro(shown(line, 'payment', basis, display), display);
}

/** '2 × 95,20 € pro Stunde = 190,40 €, gebuchte Stunden, einmalig zu zahlen' */
export function lineText(line: StatementLine, basis: PriceBasis, display: PriceDisplay): string {
  return `${line.quantity} × ${unitPriceText(line, basis, display)} = ${paymentAmountText(line, basis, display)}, ${paymentText(line.rhythm, line.unit)}`;
}

/**
 * 'inkl. 19 % USt.' for gross amounts, 'zzgl. 19 % USt.' for net ones; '0 % USt.' where no German
 * VAT is charged (reverse charge, not taxable in Germany: src/lib/tax.ts), which is neither added nor included.
 */
export function vatLabel(percent: number, display: PriceDisplay): string {
  if (percent === 0) return `${formatVatPercent(0)} USt.`;
  return `${display === 'net' ? 'zzgl.' : 'inkl.'} ${formatVatPercent(percent)} USt.`;
}

/** The VAT parts of an amount, one per rate (at least one, so a 0-€ amount still says it). */
export function vatShares(amount: Amount): { percent: number; vatCents: number }[] {
  return amount.byRate.length > 0 ? amount.byRate : [{ percent: VAT_PERCENT, vatCents: 0 }];
}

/** 'inkl. 19 % USt. 118,53 €' or, net, 'zzgl. 19 % USt. 118,53 €'; one part per rate. */
export function vatText(amount: Amount, display: PriceDisplay): string {
  return vatShares(amount)
    .map((share) => `${vatLabel(share.percent, display)} ${formatEuro(share.vatCents)}`)
    .join(', ');
}

/**
 * An amount in one line: '742,40 € inkl. 19 % USt. 118,53 €', or for a net display
 * '623,86 € netto zzgl. 19 % USt. 118,53 € = 742,39 € brutto'; without German VAT
 * '623,86 € netto, 0 % USt.'.
 */
export function amountText(amount: Amount, display: PriceDisplay): string {
  if (amount.byRate.length > 0 && amount.byRate.every((share) => share.percent === 0)) return `${euro(amount.netCents, display)}, ${vatLabel(0, display)}`;
  return display === 'net'
    ? `${euro(amount.netCents, 'net')} ${vatText(amount, 'net')} = ${formatEuro(amount.grossCents)} brutto`
    : `${formatEuro(amount.grossCents)} ${vatText(amount, 'gross')}`;
}

/** 'ab dem 7. Monat je 6 Monate' — when and how often a recurring amount is paid. */
export function recurringLabel(everyMonths: number): string {
  return `${secondPaymentText(everyMonths)} ${everyText(everyMonths)}`;
}

export const DUE_NOW_LABEL = 'Jetzt fällig';
/** For an order we review: nothing is due before we accept it (AGB § 3 Abs. 4, § 4 Abs. 2). */
export const DUE_ON_ACCEPTANCE_LABEL = 'Fällig mit unserer Annahme';
export const DUE_NOW_NOTE = 'Einmalige Leistungen und der erste Abrechnungszeitraum jedes Vertrags, im Voraus zu zahlen';
export const RECURRING_LABEL = 'Danach';
