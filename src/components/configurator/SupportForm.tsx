import { HOURS_MINIMUM } from '../../lib/configurator/hours.ts';
import { amount, SUPPORT_RATE_NET_CENTS } from '../../lib/configurator/prices.ts';
import { formatEuro } from '../../lib/money.ts';
import type { ConfiguratorState } from '../../lib/schemas/configurator.ts';
import { HoursInput } from './HoursInput.tsx';

interface SupportFormProps {
  state: ConfiguratorState;
  description?: { message: string; onMessageChange: (message: string) => void } | undefined;
  update: (change: Partial<ConfiguratorState>) => void;
}

/** The support-only tab (SPEC §2): what the support is for and how many hours a month. */
export function SupportForm({ state, description, update }: SupportFormProps) {
  const rate = formatEuro(state.includeVAT ? amount(SUPPORT_RATE_NET_CENTS).gross : SUPPORT_RATE_NET_CENTS);
  return (
    <div className="space-y-6">
      {description && (
        <div>
          <label htmlFor="configurator-message" className="font-medium">
            Beschreibung Ihres Support-Bedarfs
          </label>
          <textarea
            id="configurator-message"
            name="message"
            rows={4}
            value={description.message}
            onChange={(event) => description.onMessageChange(event.target.value)}
            className="mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
      )}
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
