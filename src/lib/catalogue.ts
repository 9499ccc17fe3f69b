import { configuredItem } from './configurator/cart-item.ts';
import { hostingPlanPrices } from './configurator/prices.ts';
import { checkDomainLabel } from './domain-name.ts';
import { dotted, formatYears } from './domains.ts';
import { netToGross } from './money.ts';
import { webappPackages } from './offers.ts';
import type { DomainsData } from './schemas/domains.ts';
import type { PriceUnit, Product } from './schemas/locales.ts';
import type { NetPrice } from './schemas/price-list.ts';

/**
 * The orderable catalogue: every catalogue product, the net-priced services of the price list
 * (shown gross) and one entry per domain ending with a chosen name. The cart dialog, the
 * checkout and POST /api/orders all look prices up here, so the browser shows what the server
 * charges; the server alone decides (docs/decisions/0013-cart-and-orders.md).
 */

export type CatalogueUnit = PriceUnit | 'year';

export type CatalogueKind =
  /** A rented or developed application: what a domain needs beside it (SPEC §1). */
  | 'application'
  | 'domain'
  | 'service';

export interface CatalogueEntry {
  id: string;
  name: string;
  features: readonly string[];
  /** Gross price of one unit in integer cents. */
  unitCents: number;
  unit: CatalogueUnit;
  kind: CatalogueKind;
  /** Contract term and minimum term in words, for the summary above the order button. */
  term: string;
  minimumTerm: string;
  /** A domain name can be registered once; everything else is counted. */
  maxQuantity: number;
}

/** SPEC §9: contracts with a term can be cancelled 10 days before it ends and renew by the same term. */
export const CANCELLATION_NOTICE_DAYS = 10;

/** The separator between a catalogue id and its parameter, e.g. 'domain-de:müller-bau'. */
const PARAMETER_SEPARATOR = ':';
const DOMAIN_PREFIX = 'domain-';

/** Developing an application counts as booking one; hours of remote hands or a backup do not. */
const APPLICATION_DEVELOPMENT = new Set(['software-development', 'backend-development']);

export const UNIT_LABEL: Readonly<Record<CatalogueUnit, string>> = {
  hour: 'pro Stunde',
  month: 'pro Monat',
  once: 'einmalig',
  year: 'pro Jahr',
};

/** The cart id of a domain order: the ending's catalogue id plus the chosen name. */
export function domainCartId(tld: string, label: string): string {
  return `${DOMAIN_PREFIX}${tld}${PARAMETER_SEPARATOR}${label}`;
}

const months = (n: number): string => `${n} ${n === 1 ? 'Monat' : 'Monate'}`;

/** A package states its term as a feature ('Laufzeit 6 Monate, …'); without one it runs monthly. */
function termMonths(features: readonly string[]): number {
  for (const feature of features) {
    const match = /^Laufzeit (\d+) Monat/u.exec(feature);
    if (match) return Number(match[1]);
  }
  return 1;
}

function productTerm(unit: PriceUnit, features: readonly string[]): Pick<CatalogueEntry, 'term' | 'minimumTerm'> {
  switch (unit) {
    case 'hour':
      return { term: 'Abrechnung nach tatsächlichem Aufwand', minimumTerm: 'keine' };
    case 'once':
      return { term: 'einmalige Leistung', minimumTerm: 'keine' };
    case 'month': {
      const n = months(termMonths(features));
      return {
        term: `${n}, verlängert sich automatisch um ${n}; Kündigung mit einer Frist von ${CANCELLATION_NOTICE_DAYS} Tagen zum Laufzeitende`,
        minimumTerm: n,
      };
    }
  }
}

function kindOf(product: Product, packageIds: ReadonlySet<string>): CatalogueKind {
  if (packageIds.has(product.id) || product.id.endsWith('-rental') || APPLICATION_DEVELOPMENT.has(product.id)) return 'application';
  return 'service';
}

export interface Catalogue {
  /** The entry for a cart id, or undefined when the id names nothing orderable. */
  get(id: string): CatalogueEntry | undefined;
}

export function buildCatalogue(products: readonly Product[], netPrices: readonly NetPrice[], domains: DomainsData): Catalogue {
  const packageIds = new Set(webappPackages(products).map(({ product }) => product.id));
  const entries = new Map<string, CatalogueEntry>();
  for (const product of products) {
    entries.set(product.id, {
      id: product.id,
      name: product.name,
      features: product.features,
      unitCents: product.priceValue,
      unit: product.priceUnit,
      kind: kindOf(product, packageIds),
      maxQuantity: Number.POSITIVE_INFINITY,
      ...productTerm(product.priceUnit, product.features),
    });
  }
  for (const item of netPrices) {
    entries.set(item.id, {
      id: item.id,
      name: item.name,
      features: [item.description],
      unitCents: netToGross(item.netValue),
      unit: item.priceUnit,
      kind: 'service',
      maxQuantity: Number.POSITIVE_INFINITY,
      ...productTerm(item.priceUnit, []),
    });
  }
  const domainPrices = new Map(domains.tlds.map((row) => [row.tld, row]));
  const { activationHours, cancellationDaysBeforeEnd } = domains;

  function domainEntry(id: string): CatalogueEntry | undefined {
    const separator = id.indexOf(PARAMETER_SEPARATOR);
    if (separator < 0 || !id.startsWith(DOMAIN_PREFIX)) return undefined;
    const row = domainPrices.get(id.slice(DOMAIN_PREFIX.length, separator));
    const label = id.slice(separator + 1);
    const check = checkDomainLabel(label);
    // Only the normalised form is an id: 'Müller' and 'müller' must not become two cart lines.
    if (!row || !check.valid || check.label !== label) return undefined;
    const years = formatYears(row.minDurationYears);
    const domain = `${label}${dotted(row.tld)}`;
    return {
      id,
      name: `Domain ${domain}`,
      features: [
        `Registrierung und Verwaltung von ${domain}`,
        `Freischaltung in der Regel innerhalb von ${activationHours.min} bis ${activationHours.max} Stunden`,
      ],
      unitCents: row.priceYear,
      unit: 'year',
      kind: 'domain',
      term: `${years}, verlängert sich automatisch um ${years}; Kündigung bis ${cancellationDaysBeforeEnd} Tage vor Laufzeitende`,
      minimumTerm: years,
      maxQuantity: 1,
    };
  }

  // Configured items (issue 8) are priced by the configurator's engine from their id alone.
  const plans = hostingPlanPrices(products);
  function configuredEntry(id: string): CatalogueEntry | undefined {
    const item = plans && configuredItem(id, plans);
    if (!item) return undefined;
    return { ...item, maxQuantity: Number.POSITIVE_INFINITY, ...productTerm(item.unit, item.features) };
  }

  return { get: (id) => entries.get(id) ?? domainEntry(id) ?? configuredEntry(id) };
}
