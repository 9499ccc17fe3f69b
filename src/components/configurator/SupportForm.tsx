import { HOURS_MINIMUM } from '../../lib/configurator/hours.ts';
import { amount, type ConfiguratorPrices } from '../../lib/configurator/prices.ts';
import { formatEuro } from '../../lib/money.ts';
import type { ConfiguratorState } from '../../lib/schemas/configurator.ts';
import { DescriptionField, type ConfiguratorDescription } from './DescriptionField.tsx';
import { HoursInput } from './HoursInput.tsx';

interface SupportFormProps {
  state: ConfiguratorState;
  prices: ConfiguratorPrices;
  description?: ConfiguratorDescription | undefined;
  update: (change: Partial<ConfiguratorState>) => void;
}

/** The support-only tab (SPEC §2): what the support is for and how many hours a month. */
export function SupportForm({ state, prices, description, update }: SupportFormProps) {
  const net = prices.supportHour.netCents;
  const rate = formatEuro(state.includeVAT ? amount(net).gross : net);
  return (
    <div className="space-y-6">
      {description && <DescriptionField label="Beschreibung Ihres Support-Bedarfs" description={description} />}
      <HoursInput
        id="supportOnlyHours"
        label="Supportstunden pro Monat"
        hint={`Mindestens 1 Stunde, ${rate} pro Stunde`}
        value={state.supportOnlyHours}
        minimum={HOURS_MINIMUM.supportOnlyHours}
        onChange={(supportOnlyHours) => update({ supportOnlyHours })}
      />
    </div>
  );
}
