import type { AppTypeId } from '../../lib/configurator/app-types.ts';
import { HOURS_MINIMUM } from '../../lib/configurator/hours.ts';
import { ON_REQUEST } from '../../lib/configurator/estimate-lines.ts';
import { amount, appTypeLines, planDiscountPercent, showsFactor, type ConfiguratorPrices, type Estimate } from '../../lib/configurator/prices.ts';
import { formatEuro } from '../../lib/money.ts';
import { HOSTING_PLANS, type ConfiguratorState, type HostingPlan } from '../../lib/schemas/configurator.ts';
import { AttachedClickDummies } from './AttachedClickDummies.tsx';
import { DescriptionField, type ConfiguratorDescription } from './DescriptionField.tsx';
import { HoursInput } from './HoursInput.tsx';
import { RadioChoices } from './RadioChoices.tsx';
import { Badge } from '../ui/Badge.tsx';
import { field, text } from '../ui/classes.ts';

interface AppFormProps {
  state: ConfiguratorState;
  estimate: Estimate;
  prices: ConfiguratorPrices;
  description?: ConfiguratorDescription | undefined;
  update: (change: Partial<ConfiguratorState>) => void;
  clickDummyHref: string;
}

const PLAN_LABEL: Readonly<Record<HostingPlan, string>> = { monthly: 'Monatlich', 'six-months': '6 Monate' };

/** The app-development tab (SPEC §2): app types with credits, description, customisation, hours, hosting, click dummies. */
export function AppForm({ state, estimate, prices, description, update, clickDummyHref }: AppFormProps) {
  const show = (net: number) => formatEuro(state.includeVAT ? amount(net).gross : net);
  const discount = planDiscountPercent(prices.plans);
  const hourFields = [
    { field: 'developmentHours', label: 'Entwicklungsstunden', hour: prices.developmentHour },
    { field: 'supportHours', label: 'Supportstunden pro Monat', hour: prices.supportHour },
  ] as const;

  function toggle(id: AppTypeId, checked: boolean) {
    update({ selectedAppType: checked ? [...state.selectedAppType, id] : state.selectedAppType.filter((selected) => selected !== id) });
  }

  /** What a type costs with the current selection, also before it is ticked. */
  function priceText(id: AppTypeId): string {
    const line = appTypeLines([...state.selectedAppType, id], prices).find((candidate) => candidate.id === id)!;
    if (line.netCents === undefined) return ON_REQUEST;
    return line.includedForFree ? 'inklusive' : show(line.netCents);
  }

  return (
    <div className="space-y-6">
      <fieldset>
        <legend className={field.label}>Anwendungstypen</legend>
        <ul className="mt-2 space-y-2">
          {prices.appTypes.map((option) => (
            <li key={option.id} className="flex items-center justify-between gap-4 rounded-control border border-slate-200 px-3 py-2 dark:border-slate-700">
              <label className="flex items-center gap-3">
                <input
                  type="checkbox"
                  name="selectedAppType"
                  value={option.id}
                  checked={state.selectedAppType.includes(option.id)}
                  onChange={(event) => toggle(option.id, event.target.checked)}
                  className={field.box}
                />
                <span>
                  {option.name} <span className={text.muted}>({option.credits} Credits)</span>
                </span>
              </label>
              <span className="tabular-nums">{priceText(option.id)}</span>
            </li>
          ))}
        </ul>
        <p className={`mt-2 ${text.muted}`} data-testid="configurator-credits">
          Credits gesamt: {estimate.totalCredits}
          {showsFactor(estimate.totalCredits) && <> · Faktor {estimate.hostingFactor}</>}
        </p>
      </fieldset>

      {description && <DescriptionField label="Projektbeschreibung" description={description} />}

      <RadioChoices
        legend="Individuelle Anpassung gewünscht?"
        name="customizationRequired"
        options={['yes', 'no'] as const}
        value={state.customizationRequired}
        onChange={(customizationRequired) => update({ customizationRequired })}
        layout={{ row: 'flex gap-6', option: 'flex items-center gap-2' }}
      >
        {(value) => (value === 'yes' ? 'Ja' : 'Nein')}
      </RadioChoices>

      <div className="grid gap-4 sm:grid-cols-2">
        {hourFields.map(({ field, label, hour }) => (
          <HoursInput
            key={field}
            id={field}
            label={label}
            hint={`${show(hour.netCents)} pro Stunde`}
            value={state[field]}
            minimum={HOURS_MINIMUM[field]}
            onChange={(hours) => update({ [field]: hours })}
          />
        ))}
      </div>

      <RadioChoices
        legend="Hosting-Plan"
        name="hostingPlan"
        options={HOSTING_PLANS}
        value={state.hostingPlan}
        onChange={(hostingPlan) => update({ hostingPlan })}
        layout={{ row: 'grid gap-3 sm:grid-cols-2', option: 'flex items-center gap-3 rounded-control border border-slate-200 px-3 py-2 dark:border-slate-700' }}
      >
        {(plan) => (
          <span>
            {PLAN_LABEL[plan]}{' '}
            <span className={text.muted}>{show(prices.plans[plan].netCents)} pro Monat</span>
            {plan === 'six-months' && discount > 0 && (
              <Badge tone="success" className="ml-2">
                {discount}&nbsp;% günstiger
              </Badge>
            )}
          </span>
        )}
      </RadioChoices>

      <AttachedClickDummies clickDummyHref={clickDummyHref} />
    </div>
  );
}
