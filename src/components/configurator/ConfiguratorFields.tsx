import { useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { configurator } from '../../data/catalogue.ts';
import { estimate as priceConfiguration } from '../../lib/configurator/prices.ts';
import type { ConfiguratorState, ConfiguratorTab } from '../../lib/schemas/configurator.ts';
import { addConfigurationToCart } from './add-to-cart.ts';
import { AppForm } from './AppForm.tsx';
import type { ConfiguratorDescription } from './DescriptionField.tsx';
import { EstimatePanel } from './EstimatePanel.tsx';
import { SupportForm } from './SupportForm.tsx';
import { Button } from '../ui/Button.tsx';

const TABS: readonly { id: ConfiguratorTab; label: string }[] = [
  { id: 'app-development', label: 'App-Entwicklung' },
  { id: 'support', label: 'Support' },
];

interface ConfiguratorFieldsProps {
  state: ConfiguratorState;
  update: (change: Partial<ConfiguratorState>) => void;
  description?: ConfiguratorDescription | undefined;
  clickDummyHref: string;
  headingLevel: 2 | 3;
  /** Shown below 'In den Warenkorb'. */
  children?: ReactNode;
}

/** Both tabs, the estimate and 'In den Warenkorb': what the configurator page and its landing variant share. */
export function ConfiguratorFields({ state, update, description, clickDummyHref, headingLevel, children }: ConfiguratorFieldsProps) {
  const tabRefs = useRef<Record<ConfiguratorTab, HTMLButtonElement | null>>({ 'app-development': null, support: null });
  const priced = useMemo(() => priceConfiguration(state, configurator), [state]);

  /** WAI-ARIA tabs: arrow keys, Home and End move between the tabs and select them. */
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = TABS[(target + TABS.length) % TABS.length]!;
    update({ activeTab: tab.id });
    tabRefs.current[tab.id]?.focus();
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
      <div className="space-y-6">
        <div role="tablist" aria-label="Art des Auftrags" className="flex gap-2 border-b border-slate-300 dark:border-slate-600">
          {TABS.map((tab, index) => {
            const selected = state.activeTab === tab.id;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  tabRefs.current[tab.id] = element;
                }}
                type="button"
                role="tab"
                id={`configurator-tab-${tab.id}`}
                aria-selected={selected}
                aria-controls="configurator-panel"
                tabIndex={selected ? 0 : -1}
                onClick={() => update({ activeTab: tab.id })}
                onKeyDown={(event) => onTabKey(event, index)}
                className={`-mb-px rounded-t-lg border-b-4 px-4 py-2 font-semibold ${
                  selected ? 'border-brand-600 text-brand-800 dark:text-brand-300' : 'border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
                }`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        <div id="configurator-panel" role="tabpanel" aria-labelledby={`configurator-tab-${state.activeTab}`}>
          {state.activeTab === 'app-development' ? (
            <AppForm state={state} estimate={priced} prices={configurator} description={description} update={update} clickDummyHref={clickDummyHref} />
          ) : (
            <SupportForm state={state} prices={configurator} description={description} update={update} />
          )}
        </div>
      </div>

      <div className="space-y-6">
        <EstimatePanel estimate={priced} includeVAT={state.includeVAT} onIncludeVATChange={(includeVAT) => update({ includeVAT })} headingLevel={headingLevel} />
        <Button variant="secondary" size="lg" block onClick={() => addConfigurationToCart(state)}>
          In den Warenkorb
        </Button>
        {children}
      </div>
    </div>
  );
}
