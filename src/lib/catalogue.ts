import { configuredItem } from './configurator/cart-item.ts';
import { configuratorPrices } from './configurator/prices.ts';
import { checkDomainLabel } from './domain-name.ts';
import { dotted } from './domains.ts';
import type { Priced } from './prices/amounts.ts';
import type { PriceEntry, PriceSource } from './prices/source.ts';
import type { PriceUnit, Term } from './schemas/price-source.ts';

/**
 * The orderable catalogue: every sellable entry of the price source, one entry per domain ending
 * with a chosen name, and the configurator's configured items. The cart dialog, the checkout and
 * POST /api/orders all look prices up here, so the browser shows what the server charges; the
 * server alone decides (docs/decisions/0013-cart-and-orders.md, 0025-price-source.md).
 */

type CatalogueKind =
  /** A rented or developed application: what a domain needs beside it (SPEC §1). */
  | 'application'
  | 'domain'
  | 'service';

export interface CatalogueEntry extends Priced {
  id: string;
  name: string;
  features: readonly string[];
  unit: PriceUnit;
  /** The contract of a recurring item; undefined for one-off items and hours. */
  term: Term | undefined;
  kind: CatalogueKind;
  /** A domain name can be registered once; everything else is counted. */
  maxQuantity: number;
}

/** The separator between a catalogue id and its parameter, e.g. 'domain-de:müller-bau'. */
const PARAMETER_SEPARATOR = ':';
const DOMAIN_PREFIX = 'domain-';

/** The cart id of a domain order: the ending's catalogue id plus the chosen name. */
export function domainCartId(tld: string, label: string): string {
  return `${DOMAIN_PREFIX}${tld}${PARAMETER_SEPARATOR}${label}`;
}

/** Whether a cart id names a domain order ('domain-de:müller-bau'), valid or not. */
export function isDomainCartId(id: string): boolean {
  return id.startsWith(DOMAIN_PREFIX) && id.includes(PARAMETER_SEPARATOR);
}

export interface Catalogue {
  /** The entry for a cart id, or undefined when the id names nothing orderable. */
  get(id: string): CatalogueEntry | undefined;
}

function fromPriceEntry(entry: PriceEntry): CatalogueEntry {
  return {
    id: entry.id,
    name: entry.name,
    features: entry.features,
    netCents: entry.netCents,
    grossCents: entry.grossCents,
    vatPercent: entry.vatPercent,
    unit: entry.unit,
    term: entry.term,
    kind: entry.application ? 'application' : 'service',
    maxQuantity: entry.maxQuantity ?? Number.POSITIVE_INFINITY,
  };
}

export function buildCatalogue(source: PriceSource): Catalogue {
  const entries = new Map<string, CatalogueEntry>();
  for (const entry of source.entries) {
    // App types are parts of a configuration; a domain ending is ordered with a name (below).
    if (entry.appType || entry.domain) continue;
    entries.set(entry.id, fromPriceEntry(entry));
  }
  const domainEntries = new Map(source.inGroup('domains').map((entry) => [entry.id, entry]));

  function domainEntry(id: string): CatalogueEntry | undefined {
    const separator = id.indexOf(PARAMETER_SEPARATOR);
    if (separator < 0 || !id.startsWith(DOMAIN_PREFIX)) return undefined;
    const ending = domainEntries.get(id.slice(0, separator));
    const label = id.slice(separator + 1);
    const check = checkDomainLabel(label);
    // Only the normalised form is an id: 'Müller' and 'müller' must not become two cart lines.
    if (!ending?.domain || !check.valid || check.label !== label) return undefined;
    const domain = `${label}${dotted(ending.domain.tld)}`;
    const { min, max } = ending.domain.activationHours;
    return {
      ...fromPriceEntry(ending),
      id,
      name: `Domain ${domain}`,
      features: [`Registrierung und Verwaltung von ${domain}`, `Freischaltung in der Regel innerhalb von ${min} bis ${max} Stunden`, ...ending.features],
      kind: 'domain',
      maxQuantity: 1,
    };
  }

  // Configured items are priced by the configurator's engine from their id alone.
  const configurator = configuratorPrices(source);
  const configuredEntry = (id: string): CatalogueEntry | undefined => {
    const item = configuredItem(id, configurator);
    return item && { ...item, maxQuantity: Number.POSITIVE_INFINITY };
  };

  return { get: (id) => entries.get(id) ?? domainEntry(id) ?? configuredEntry(id) };
}
