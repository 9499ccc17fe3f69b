import { formatEuro, grossToNet, VAT_PERCENT } from '../../lib/money.ts';
import { UNIT_LABEL } from '../../lib/prices/rhythm.ts';
import { euro, vatLabel, type PriceDisplay } from '../../lib/prices/statement.ts';
import type { PriceUnit } from '../../lib/schemas/price-source.ts';

export interface PriceTagProps {
  /** The price with VAT, in cents (what a consumer pays). */
  grossCents: number;
  /** The price without VAT; derived from the gross one at the rate when not given. */
  netCents?: number | undefined;
  vatPercent?: number | undefined;
  /** 'pro Monat', 'pro Stunde', 'einmalig', … after the amount. */
  unit?: PriceUnit | undefined;
  /**
   * Consumers ('gross', the default) read the gross amount with 'inkl. 19 % USt.' (PAngV); a
   * business ('net') reads the net amount with 'zzgl. 19 % USt.' and the gross sum after it. The
   * words are the order statement's (src/lib/prices/statement.ts), so prices read alike everywhere.
   */
  display?: PriceDisplay | undefined;
  /** Below a gross price, the net one for businesses ('netto 80,00 € zzgl. 19 % USt.'), as the price list shows it. */
  withNet?: boolean | undefined;
  size?: 'md' | 'lg' | undefined;
  className?: string | undefined;
}

/**
 * A price as one block: amount, unit and VAT note belong together, so a screen reader reads them
 * as one ('95,20 € pro Stunde inkl. 19 % USt.'). The spaces between the blocks keep the parts
 * apart when the text is copied.
 */
export function PriceTag({ grossCents, netCents, vatPercent = VAT_PERCENT, unit, display = 'gross', withNet = false, size = 'md', className }: PriceTagProps) {
  const net = netCents ?? grossToNet(grossCents, vatPercent);
  const amount = display === 'net' ? euro(net, 'net') : formatEuro(grossCents);
  return (
    <p className={`tabular-nums text-slate-700 dark:text-slate-300${className ? ` ${className}` : ''}`} data-price-display={display}>
      <span className={`block font-bold text-slate-900 dark:text-white ${size === 'lg' ? 'text-h2' : 'text-lead'}`}>{amount}</span>{' '}
      {unit && <><span className="block">{UNIT_LABEL[unit]}</span>{' '}</>}
      <span className="block text-small">{vatLabel(vatPercent, display)}</span>
      {display === 'net' && <>{' '}<span className="block text-small">{formatEuro(grossCents)} brutto</span></>}
      {display === 'gross' && withNet && (
        <>
          {' '}
          <span className="mt-1 block text-small">
            netto {formatEuro(net)} {vatLabel(vatPercent, 'net')}
          </span>
        </>
      )}
    </p>
  );
}
