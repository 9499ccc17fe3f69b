import { formatEuro } from '../money.ts';
import type { Amount, Estimate } from './prices.ts';

/**
 * The lines of the estimate (SPEC §2) as text, in the order the panel and the e-mail copy show
 * them, so both say the same thing.
 */

export interface EstimateLine {
  key: 'development' | 'support' | 'hosting' | 'setup' | 'monthly';
  label: string;
  amount: Amount;
  /** The sums are set apart from the lines they add up. */
  total: boolean;
}

export const ON_REQUEST = 'auf Anfrage';
export const ON_REQUEST_NOTE = 'Zzgl. des individuellen Teils, den wir Ihnen auf Anfrage kalkulieren.';

export function estimateLines(estimate: Estimate): EstimateLine[] {
  const lines: EstimateLine[] = [];
  if (estimate.development) lines.push({ key: 'development', label: 'Entwicklung (einmalig)', amount: estimate.development, total: false });
  lines.push({ key: 'support', label: 'Support (pro Monat)', amount: estimate.support, total: false });
  if (estimate.hosting) {
    const factor = estimate.hostingFactor > 1 ? `, Faktor ${estimate.hostingFactor}` : '';
    lines.push({ key: 'hosting', label: `Hosting (pro Monat${factor})`, amount: estimate.hosting, total: false });
  }
  lines.push({ key: 'setup', label: 'Einrichtungskosten (einmalig)', amount: estimate.setup, total: true });
  lines.push({ key: 'monthly', label: 'Monatliche Kosten', amount: estimate.monthly, total: true });
  return lines;
}

/** '1.130,50 € brutto (950,00 € netto)' for texts that show both, like the e-mail copy: gross first (PAngV). */
export function netAndGross(amount: Amount): string {
  return `${formatEuro(amount.gross)} brutto (${formatEuro(amount.net)} netto)`;
}
