import { formatEuro, VAT_PERCENT } from '../money.ts';
import type { Priced } from '../prices/amounts.ts';
import { CANCELLATION_NOTICE_DAYS } from '../prices/terms.ts';
import type { ConfiguratorState, HostingPlan } from '../schemas/configurator.ts';
import type { Term } from '../schemas/price-source.ts';
import { APP_TYPE_IDS, canonicalSelection, type AppTypeId } from './app-types.ts';
import { clampHours, HOURS_MINIMUM } from './hours.ts';
import { withChange } from './state.ts';
import { estimate, type ConfiguratorPrices } from './prices.ts';

/**
 * Configured cart items. The cart keeps only `{ id, quantity }` (SPEC §3), so the id carries the
 * whole configuration: `konfiguration-einrichtung:<configuration>` is the one-off setup and
 * `konfiguration-betrieb:<configuration>` the monthly hosting and support, e.g.
 * `konfiguration-betrieb:app;typen=portal,shop;entwicklung=10;support=0;hosting=monatlich;anpassung=nein`.
 * Only the canonical spelling decodes, so one configuration never becomes two cart lines.
 */

export type CartConfiguration =
  | {
      activeTab: 'app-development';
      selectedAppType: AppTypeId[];
      developmentHours: number;
      supportHours: number;
      hostingPlan: HostingPlan;
      customizationRequired: 'yes' | 'no';
    }
  | { activeTab: 'support'; supportOnlyHours: number };

type ConfiguredPart = 'setup' | 'operation';

const PART_PREFIX: Readonly<Record<ConfiguredPart, string>> = {
  setup: 'konfiguration-einrichtung:',
  operation: 'konfiguration-betrieb:',
};

/** Whether a cart id names a configured item (either part), whatever its configuration. */
export function isConfiguredItemId(id: string): boolean {
  return Object.values(PART_PREFIX).some((prefix) => id.startsWith(prefix));
}

const PLAN_WORD: Readonly<Record<HostingPlan, string>> = { monthly: 'monatlich', 'six-months': 'halbjaehrlich' };
const YES_NO = { yes: 'ja', no: 'nein' } as const;

export function cartConfiguration(state: ConfiguratorState): CartConfiguration {
  return state.activeTab === 'support'
    ? { activeTab: 'support', supportOnlyHours: state.supportOnlyHours }
    : {
        activeTab: 'app-development',
        selectedAppType: canonicalSelection(state.selectedAppType),
        developmentHours: state.developmentHours,
        supportHours: state.supportHours,
        hostingPlan: state.hostingPlan,
        customizationRequired: state.customizationRequired,
      };
}

/** A state showing this configuration; fields it does not carry keep their value in `base`. */
export function applyConfiguration(base: ConfiguratorState, configuration: CartConfiguration): ConfiguratorState {
  return withChange(base, configuration);
}

export function encodeConfiguration(configuration: CartConfiguration): string {
  if (configuration.activeTab === 'support') return `support;stunden=${configuration.supportOnlyHours}`;
  const { selectedAppType, developmentHours, supportHours, hostingPlan, customizationRequired } = configuration;
  return [
    'app',
    `typen=${canonicalSelection(selectedAppType).join(',')}`,
    `entwicklung=${developmentHours}`,
    `support=${supportHours}`,
    `hosting=${PLAN_WORD[hostingPlan]}`,
    `anpassung=${YES_NO[customizationRequired]}`,
  ].join(';');
}

function hoursOf(text: string | undefined, minimum: number): number | undefined {
  if (text === undefined || !/^\d{1,4}$/.test(text)) return undefined;
  const hours = Number(text);
  return hours === clampHours(hours, minimum) ? hours : undefined;
}

function keyOf<K extends string>(table: Readonly<Record<K, string>>, word: string | undefined): K | undefined {
  return (Object.keys(table) as K[]).find((key) => table[key] === word);
}

/** The configuration of an encoded parameter, or undefined for anything not canonical. */
export function decodeConfiguration(parameter: string): CartConfiguration | undefined {
  const [kind, ...pairs] = parameter.split(';');
  const fields = new Map(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  let configuration: CartConfiguration | undefined;
  if (kind === 'support') {
    const supportOnlyHours = hoursOf(fields.get('stunden'), HOURS_MINIMUM.supportOnlyHours);
    if (supportOnlyHours !== undefined) configuration = { activeTab: 'support', supportOnlyHours };
  } else if (kind === 'app') {
    const types = fields.get('typen')?.split(',').filter(Boolean) ?? [];
    const developmentHours = hoursOf(fields.get('entwicklung'), HOURS_MINIMUM.developmentHours);
    const supportHours = hoursOf(fields.get('support'), HOURS_MINIMUM.supportHours);
    const hostingPlan = keyOf(PLAN_WORD, fields.get('hosting'));
    const customizationRequired = keyOf(YES_NO, fields.get('anpassung'));
    const knownTypes = types.every((type): type is AppTypeId => (APP_TYPE_IDS as readonly string[]).includes(type));
    if (knownTypes && developmentHours !== undefined && supportHours !== undefined && hostingPlan && customizationRequired) {
      configuration = { activeTab: 'app-development', selectedAppType: types, developmentHours, supportHours, hostingPlan, customizationRequired };
    }
  }
  // Re-encoding must give the same text: rejects reordered, repeated or extra parts.
  return configuration && encodeConfiguration(configuration) === parameter ? configuration : undefined;
}

/** What the catalogue lists for a configured item (the catalogue adds the quantity limit). */
export interface ConfiguredItem {
  id: string;
  name: string;
  features: string[];
  netCents: number;
  grossCents: number;
  vatPercent: number;
  unit: 'once' | 'month';
  /** The monthly part is a contract with the plan's term; the setup is one-off. */
  term: Term | undefined;
  kind: 'application' | 'service';
}

function pricedState(configuration: CartConfiguration) {
  return configuration.activeTab === 'support'
    ? { activeTab: 'support' as const, developmentHours: 0, supportHours: 0, supportOnlyHours: configuration.supportOnlyHours, hostingPlan: 'monthly' as const, selectedAppType: [] }
    : { ...configuration, supportOnlyHours: HOURS_MINIMUM.supportOnlyHours };
}

const hoursText = (hours: number) => `${hours.toLocaleString('de-DE')} ${hours === 1 ? 'Stunde' : 'Stunden'}`;

/** An hourly rate as every text shows it: the gross price first, the net beside it (PAngV). */
const rateText = (rate: Priced) => `${formatEuro(rate.grossCents)} (netto ${formatEuro(rate.netCents)})`;

/** A support flat fee runs month by month with the AGB's notice (SPEC §9). */
const SUPPORT_FLAT_FEE_TERM: Term = { minimumMonths: 1, billingMonths: 1, noticeDays: CANCELLATION_NOTICE_DAYS };

function itemOf(part: ConfiguredPart, configuration: CartConfiguration, prices: ConfiguratorPrices): ConfiguredItem | undefined {
  const id = `${PART_PREFIX[part]}${encodeConfiguration(configuration)}`;
  const priced = estimate(pricedState(configuration), prices);
  const vatPercent = VAT_PERCENT;
  if (configuration.activeTab === 'support') {
    if (part !== 'operation') return undefined;
    return {
      id,
      name: `Support: ${hoursText(configuration.supportOnlyHours)} pro Monat`,
      features: [`${hoursText(configuration.supportOnlyHours)} Support pro Monat à ${rateText(prices.supportHour)}`],
      netCents: priced.monthly.net,
      grossCents: priced.monthly.gross,
      vatPercent,
      unit: 'month',
      term: SUPPORT_FLAT_FEE_TERM,
      kind: 'service',
    };
  }
  const types = priced.appTypes.map((line) => (line.includedForFree ? `${line.name} (inklusive)` : line.name));
  if (part === 'setup') {
    return {
      id,
      name: 'Individuelle Webanwendung: Entwicklung und Einrichtung',
      features: [
        `Anwendungstypen: ${types.length > 0 ? types.join(', ') : 'keine'}`,
        `${hoursText(configuration.developmentHours)} Entwicklung à ${rateText(prices.developmentHour)}`,
        `Individuelle Anpassung: ${configuration.customizationRequired === 'yes' ? 'gewünscht' : 'nicht gewünscht'}`,
        ...(priced.onRequest ? ['Der individuelle Teil wird auf Anfrage kalkuliert und ist im Preis nicht enthalten.'] : []),
      ],
      netCents: priced.setup.net,
      grossCents: priced.setup.gross,
      vatPercent,
      unit: 'once',
      term: undefined,
      kind: 'application',
    };
  }
  const plan = prices.plans[configuration.hostingPlan];
  return {
    id,
    name: 'Individuelle Webanwendung: Hosting und Support',
    features: [
      `Hosting ${configuration.hostingPlan === 'monthly' ? 'monatlich' : 'für 6 Monate'}, Faktor ${priced.hostingFactor} (${priced.totalCredits} Credits)`,
      `${hoursText(configuration.supportHours)} Support pro Monat à ${rateText(prices.supportHour)}`,
    ],
    netCents: priced.monthly.net,
    grossCents: priced.monthly.gross,
    vatPercent,
    unit: 'month',
    term: plan.term,
    kind: 'application',
  };
}

/** The configured item for a cart id, or undefined when the id is not a valid configured item. */
export function configuredItem(id: string, prices: ConfiguratorPrices): ConfiguredItem | undefined {
  for (const part of Object.keys(PART_PREFIX) as ConfiguredPart[]) {
    if (!id.startsWith(PART_PREFIX[part])) continue;
    const configuration = decodeConfiguration(id.slice(PART_PREFIX[part].length));
    return configuration && itemOf(part, configuration, prices);
  }
  return undefined;
}

/**
 * The items 'In den Warenkorb' adds for a state: the setup (when it costs anything) and the
 * monthly part. A part at 0 € is left out rather than listed as a free line.
 */
export function configuredItems(state: ConfiguratorState, prices: ConfiguratorPrices): ConfiguredItem[] {
  const configuration = cartConfiguration(state);
  return (['setup', 'operation'] as const).flatMap((part) => {
    const item = itemOf(part, configuration, prices);
    return item && item.netCents > 0 ? [item] : [];
  });
}
