import { ON_REQUEST_NOTE, estimateLines } from '../../lib/configurator/estimate-lines.ts';
import type { Estimate } from '../../lib/configurator/prices.ts';
import { formatEuro, formatVatPercent } from '../../lib/money.ts';
import { Card } from '../ui/Card.tsx';
import { divider, field, text } from '../ui/classes.ts';

interface EstimatePanelProps {
  estimate: Estimate;
  includeVAT: boolean;
  onIncludeVATChange: (includeVAT: boolean) => void;
  headingLevel: 2 | 3;
}

/** The price estimate (SPEC §2) with the gross/net toggle; it starts gross (PAngV). */
export function EstimatePanel({ estimate, includeVAT, onIncludeVATChange, headingLevel }: EstimatePanelProps) {
  const Heading = `h${headingLevel}` as const;
  const vat = formatVatPercent();
  return (
    <Card as="section" aria-labelledby="configurator-estimate-heading" raised>
      <Heading id="configurator-estimate-heading" className={text.h3}>
        Ihre Kostenschätzung
      </Heading>
      <fieldset className="mt-4">
        <legend className={`text-small ${field.label}`}>Preisanzeige</legend>
        <div className="mt-2 inline-flex rounded-control border border-slate-500 p-1 dark:border-slate-400">
          {[
            { value: true, label: 'Brutto' },
            { value: false, label: 'Netto' },
          ].map((option) => (
            <label
              key={option.label}
              className={`cursor-pointer rounded-md px-3 py-1 font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
                includeVAT === option.value ? 'bg-brand-600 text-white' : 'text-slate-800 dark:text-slate-100'
              }`}
            >
              <input
                type="radio"
                name="configurator-vat"
                className="sr-only"
                checked={includeVAT === option.value}
                onChange={() => onIncludeVATChange(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <dl className="mt-5 space-y-2" data-testid="configurator-estimate">
        {estimateLines(estimate).map((line) => (
          <div
            key={line.key}
            // On a narrow phone the amount moves below its label, still flush right, instead of widening the page.
            className={`flex flex-wrap items-baseline justify-between gap-x-4 ${line.total ? `pt-2 font-bold text-slate-900 dark:text-white ${divider}` : text.body}`}
          >
            <dt>{line.label}</dt>
            <dd className="ml-auto tabular-nums">{formatEuro(includeVAT ? line.amount.gross : line.amount.net)}</dd>
          </div>
        ))}
      </dl>
      {estimate.onRequest && <p className={`mt-3 ${text.small}`}>{ON_REQUEST_NOTE}</p>}
      <p className={`mt-4 ${text.muted}`}>
        {includeVAT ? `Alle Beträge inklusive ${vat} Umsatzsteuer.` : `Alle Beträge netto, zuzüglich ${vat} Umsatzsteuer.`} Unverbindliche Schätzung; das
        verbindliche Angebot erhalten Sie von uns.
      </p>
    </Card>
  );
}
