import type { Ref } from 'react';
import { formatEuro } from '../../lib/money.ts';
import type { Amount, Schedule } from '../../lib/prices/amounts.ts';
import { DUE_NOW_LABEL, DUE_NOW_NOTE, euro, RECURRING_LABEL, recurringLabel, vatLabel, vatShares, type PriceDisplay } from '../../lib/prices/statement.ts';
import { text } from '../ui/classes.ts';

interface AmountsByRhythmProps {
  schedule: Schedule;
  display: PriceDisplay;
  className: string;
  /** The first amount's label when it is not due now (an order we review, decision 0053). */
  dueLabel?: string;
  /** Why no German VAT is charged (src/lib/tax.ts taxNoteText), shown under the amounts. */
  taxNote?: string | null;
  /** Lets the cart dialog move the focus here after a change (it is then focusable by script only). */
  ref?: Ref<HTMLDivElement>;
}

/**
 * An amount with its VAT per rate — gross with the VAT it contains, or net with the VAT added and
 * the gross sum — as name-value groups of the surrounding <dl>.
 */
function AmountRows({ label, amount, display, emphasis }: { label: string; amount: Amount; display: PriceDisplay; emphasis: boolean }) {
  return (
    <>
      <div className={`mt-1 flex justify-between gap-4 ${emphasis ? 'text-lead font-bold text-slate-900 dark:text-slate-100' : text.label}`}>
        <dt>{label}</dt>
        <dd className="tabular-nums">{euro(display === 'net' ? amount.netCents : amount.grossCents, display)}</dd>
      </div>
      {vatShares(amount).map((share) => (
        <div key={share.percent} className="flex justify-between gap-4 text-small">
          <dt>{vatLabel(share.percent, display)}</dt>
          <dd className="tabular-nums">{formatEuro(share.vatCents)}</dd>
        </div>
      ))}
      {display === 'net' && (
        <div className="flex justify-between gap-4 text-small">
          <dt>Bruttobetrag</dt>
          <dd className="tabular-nums">{formatEuro(amount.grossCents)}</dd>
        </div>
      )}
    </>
  );
}

/**
 * What an order costs and when (PAngV §§ 3, 6; § 312j Abs. 2 BGB): what is due now, then each
 * recurring amount per rhythm, each with its VAT. Amounts of different rhythms are never added
 * into one figure. The cart dialog, the checkout summary and the success page all show this.
 */
export function AmountsByRhythm({ schedule, display, className, dueLabel = DUE_NOW_LABEL, taxNote = null, ref }: AmountsByRhythmProps) {
  return (
    <div ref={ref} tabIndex={ref ? -1 : undefined} className={className} data-testid="amounts-by-rhythm">
      <dl>
        <AmountRows label={dueLabel} amount={schedule.dueNow} display={display} emphasis />
      </dl>
      <p className={text.muted}>{DUE_NOW_NOTE}.</p>
      {schedule.recurring.length > 0 && (
        <>
          <p className={`mt-3 ${text.label}`}>{RECURRING_LABEL}:</p>
          <dl>
            {schedule.recurring.map(({ everyMonths, amount }) => (
              <AmountRows key={everyMonths} label={recurringLabel(everyMonths)} amount={amount} display={display} emphasis={false} />
            ))}
          </dl>
        </>
      )}
      {taxNote && <p className="mt-3 text-small font-medium text-slate-900 dark:text-slate-100">{taxNote}</p>}
    </div>
  );
}
