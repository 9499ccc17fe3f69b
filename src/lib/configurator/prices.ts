import { netToGross } from '../money.ts';
import type { Priced } from '../prices/amounts.ts';
import type { PriceSource } from '../prices/source.ts';
import type { ConfiguratorState, HostingPlan } from '../schemas/configurator.ts';
import type { Term } from '../schemas/price-source.ts';
import { APP_TYPE_IDS, canonicalSelection, type AppTypeId } from './app-types.ts';

/**
 * The price engine of the order configurator (docs/decisions/0015-configurator-prices.md, 0025).
 * Pure and in integer cents: the island shows its estimate, the catalogue prices configured cart
 * items with it, and POST /api/inquiry recomputes what it stores, so the three never disagree.
 * Every rate comes from the price source: the development hour is the price list's
 * 'Softwareentwicklung' hour, the support hour the price list's 'Support nach Aufwand', the
 * hosting plans the two Webapp-Basis packages (SPEC §9). Everything is computed net; each figure's
 * gross is that net plus 19 % VAT, rounded to the cent.
 */

/** Every started 100 credits needs one more unit of the hosting plan. */
const CREDITS_PER_HOSTING_UNIT = 100;

interface HostingPlanPrice extends Priced {
  /** The package's contract: its minimum term is the plan's (1 or 6 months). */
  term: Term;
}

interface AppTypeOption {
  id: AppTypeId;
  name: string;
  credits: number;
  /** Net cents; undefined for 'auf Anfrage'. */
  netCents: number | undefined;
  /** Types this one brings along: they cost nothing when this one is selected too. */
  includedForFree: readonly AppTypeId[];
}

/** What the configurator charges, read from the price source once. */
export interface ConfiguratorPrices {
  developmentHour: Priced;
  supportHour: Priced;
  plans: Readonly<Record<HostingPlan, HostingPlanPrice>>;
  /** In the order of APP_TYPE_IDS. */
  appTypes: readonly AppTypeOption[];
}

const ROLE_OF_PLAN: Readonly<Record<HostingPlan, 'hosting-monthly' | 'hosting-six-months'>> = {
  monthly: 'hosting-monthly',
  'six-months': 'hosting-six-months',
};

export function configuratorPrices(source: PriceSource): ConfiguratorPrices {
  const priced = ({ netCents, grossCents, vatPercent }: Priced): Priced => ({ netCents, grossCents, vatPercent });
  const plan = (name: HostingPlan): HostingPlanPrice => {
    const entry = source.byRole(ROLE_OF_PLAN[name]);
    // The schema gives hosting roles a monthly unit with a term.
    return { ...priced(entry), term: entry.term! };
  };
  return {
    developmentHour: priced(source.byRole('development-hour')),
    supportHour: priced(source.byRole('support-hour')),
    plans: { monthly: plan('monthly'), 'six-months': plan('six-months') },
    appTypes: APP_TYPE_IDS.map((id) => {
      const entry = source.appType(id);
      return {
        id,
        name: entry.name,
        credits: entry.appType!.credits,
        netCents: entry.onRequest ? undefined : entry.netCents,
        includedForFree: entry.appType!.includes,
      };
    }),
  };
}

/** A figure of the estimate; both are always known, the toggle only picks one. */
export interface Amount {
  net: number;
  gross: number;
}

export interface AppTypeLine {
  id: AppTypeId;
  name: string;
  credits: number;
  /** Net cents; 0 when included for free; undefined for 'auf Anfrage'. */
  netCents: number | undefined;
  includedForFree: boolean;
}

export interface Estimate {
  appTypes: AppTypeLine[];
  totalCredits: number;
  hostingFactor: number;
  /** Development hours × rate; only on the app-development tab. */
  development: Amount | undefined;
  /** Support hours × rate, per month. */
  support: Amount;
  /** Plan price × factor, per month; only on the app-development tab. */
  hosting: Amount | undefined;
  /** One-off: development plus the app types. */
  setup: Amount;
  /** Per month: hosting plus support. */
  monthly: Amount;
  /** An individual part ('custom') follows on request: the setup is a lower bound. */
  onRequest: boolean;
}

/** The part of the state that prices anything. */
export type PricedState = Pick<
  ConfiguratorState,
  'activeTab' | 'developmentHours' | 'supportHours' | 'supportOnlyHours' | 'hostingPlan' | 'selectedAppType'
>;

export function amount(netCents: number): Amount {
  return { net: netCents, gross: netToGross(netCents) };
}

/** Hosting factor = max(1, ceil(credits / 100)). */
export function hostingFactor(totalCredits: number): number {
  return Math.max(1, Math.ceil(totalCredits / CREDITS_PER_HOSTING_UNIT));
}

/** 'Faktor' is shown only when the credits need more than one hosting unit. */
export function showsFactor(totalCredits: number): boolean {
  return totalCredits > CREDITS_PER_HOSTING_UNIT;
}

/**
 * The saving of the 6-month plan against the monthly one in whole percent of the gross monthly
 * prices, rounded down so the badge never promises more than the prices give: 95,20 € → 90,00 € is 5 %.
 */
export function planDiscountPercent(plans: ConfiguratorPrices['plans']): number {
  const monthly = plans.monthly.grossCents;
  const sixMonths = plans['six-months'].grossCents;
  if (monthly <= 0 || sixMonths >= monthly) return 0;
  return Math.floor(((monthly - sixMonths) * 100) / monthly);
}

export function appTypeLines(selection: readonly AppTypeId[], prices: ConfiguratorPrices): AppTypeLine[] {
  const selected = canonicalSelection(selection);
  const option = (id: AppTypeId) => prices.appTypes.find((candidate) => candidate.id === id)!;
  const free = new Set(selected.flatMap((id) => option(id).includedForFree));
  return selected.map((id) => {
    const { name, credits, netCents } = option(id);
    const includedForFree = free.has(id);
    return { id, name, credits, netCents: netCents === undefined ? undefined : includedForFree ? 0 : netCents, includedForFree };
  });
}

export function estimate(state: PricedState, prices: ConfiguratorPrices): Estimate {
  if (state.activeTab === 'support') {
    const support = amount(state.supportOnlyHours * prices.supportHour.netCents);
    return {
      appTypes: [],
      totalCredits: 0,
      hostingFactor: 1,
      development: undefined,
      support,
      hosting: undefined,
      setup: amount(0),
      monthly: support,
      onRequest: false,
    };
  }
  const appTypes = appTypeLines(state.selectedAppType, prices);
  const totalCredits = appTypes.reduce((sum, line) => sum + line.credits, 0);
  const factor = hostingFactor(totalCredits);
  const developmentNet = state.developmentHours * prices.developmentHour.netCents;
  const appTypesNet = appTypes.reduce((sum, line) => sum + (line.netCents ?? 0), 0);
  const supportNet = state.supportHours * prices.supportHour.netCents;
  const hostingNet = prices.plans[state.hostingPlan].netCents * factor;
  return {
    appTypes,
    totalCredits,
    hostingFactor: factor,
    development: amount(developmentNet),
    support: amount(supportNet),
    hosting: amount(hostingNet),
    setup: amount(developmentNet + appTypesNet),
    monthly: amount(hostingNet + supportNet),
    onRequest: appTypes.some((line) => line.netCents === undefined),
  };
}
