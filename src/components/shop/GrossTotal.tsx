import type { Ref } from 'react';
import { formatEuro, formatPercent, VAT_RATE } from '../../lib/money.ts';

interface GrossTotalProps {
  label: string;
  totalCents: number;
  vatCents: number;
  className: string;
  /** Lets the cart dialog move the focus here after a change (it is then focusable by script only). */
  ref?: Ref<HTMLDListElement>;
}

/** The gross total with the VAT it includes (PAngV), as the cart dialog and the checkout show it. */
export function GrossTotal({ label, totalCents, vatCents, className, ref }: GrossTotalProps) {
  return (
    <dl ref={ref} tabIndex={ref ? -1 : undefined} className={className}>
      <div className="flex justify-between text-lg font-bold text-slate-900 dark:text-white">
        <dt>{label}</dt>
        <dd>{formatEuro(totalCents)}</dd>
      </div>
      <div className="flex justify-between text-sm">
        <dt>inkl. {formatPercent(VAT_RATE)} USt.</dt>
        <dd>{formatEuro(vatCents)}</dd>
      </div>
    </dl>
  );
}
