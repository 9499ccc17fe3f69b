import { grossToNet, netToGross } from '../money.ts';
import type { ConfiguratorState, HostingPlan } from '../schemas/configurator.ts';
import type { Product } from '../schemas/locales.ts';
import { appType, canonicalSelection, DEFAULT_APP_TYPE_NET_CENTS, type AppTypeId } from './app-types.ts';

/**
 * The price engine of the order configurator (issue 8, docs/decisions/0015-configurator-prices.md).
 * Pure and in integer cents: the island shows its estimate, the catalogue prices configured cart
 * items with it, and POST /api/inquiry recomputes what it stores, so the three never disagree.
 * Everything is computed net; each figure's gross is that net × 1.19, rounded to the cent.
 */

/** SPEC §9 hourly rates, net. */
export const DEVELOPMENT_RATE_NET_CENTS = 9500;
export const SUPPORT_RATE_NET_CENTS = 7500;
/** Every started 100 credits needs one more unit of the hosting plan. */
export const CREDITS_PER_HOSTING_UNIT = 100;

/** Gross monthly prices of the two hosting plans, from the product data. */
export interface HostingPlanPrices {
  monthly: number;
  'six-months': number;
}

/** The product behind each plan (SPEC §9: hosting prices come from the product list). */
export const HOSTING_PLAN_PRODUCTS: Readonly<Record<HostingPlan, string>> = {
  monthly: 'webapp-basis-1m',
  'six-months': 'webapp-basis-6m',
};

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
 * The saving of the 6-month plan against the monthly one in whole percent, rounded down so
 * the badge never promises more than the prices give: 95,20 € → 90,00 € is 5 %.
 */
export function planDiscountPercent(plans: HostingPlanPrices): number {
  if (plans.monthly <= 0 || plans['six-months'] >= plans.monthly) return 0;
  return Math.floor(((plans.monthly - plans['six-months']) * 100) / plans.monthly);
}

/** The gross monthly prices of both plans from the product data; undefined if one is missing. */
export function hostingPlanPrices(products: readonly Pick<Product, 'id' | 'priceValue'>[]): HostingPlanPrices | undefined {
  const price = (plan: HostingPlan) => products.find((product) => product.id === HOSTING_PLAN_PRODUCTS[plan])?.priceValue;
  const monthly = price('monthly');
  const sixMonths = price('six-months');
  return monthly === undefined || sixMonths === undefined ? undefined : { monthly, 'six-months': sixMonths };
}

/** The monthly net price of a plan: the product data holds it gross. */
export function planNetCents(plans: HostingPlanPrices, plan: HostingPlan): number {
  return grossToNet(plans[plan]);
}

export function appTypeLines(selection: readonly AppTypeId[]): AppTypeLine[] {
  const selected = canonicalSelection(selection);
  const free = new Set(selected.flatMap((id) => appType(id).includedForFree));
  return selected.map((id) => {
    const option = appType(id);
    const includedForFree = free.has(id);
    const netCents = option.onRequest ? undefined : includedForFree ? 0 : (option.netCents ?? DEFAULT_APP_TYPE_NET_CENTS);
    return { id, name: option.name, credits: option.credits, netCents, includedForFree };
  });
}

export function estimate(state: PricedState, plans: HostingPlanPrices): Estimate {
  if (state.activeTab === 'support') {
    const support = amount(state.supportOnlyHours * SUPPORT_RATE_NET_CENTS);
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
  const appTypes = appTypeLines(state.selectedAppType);
  const totalCredits = appTypes.reduce((sum, line) => sum + line.credits, 0);
  const factor = hostingFactor(totalCredits);
  const developmentNet = state.developmentHours * DEVELOPMENT_RATE_NET_CENTS;
  const appTypesNet = appTypes.reduce((sum, line) => sum + (line.netCents ?? 0), 0);
  const supportNet = state.supportHours * SUPPORT_RATE_NET_CENTS;
  const hostingNet = planNetCents(plans, state.hostingPlan) * factor;
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
