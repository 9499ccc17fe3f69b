import * as v from 'valibot';
import { grossToNet, netToGross } from '../money.ts';
import { PRICE_GROUPS, PriceSourceSchema, type PriceEntryData, type PriceGroup, type PriceRole } from '../schemas/price-source.ts';
import type { AppTypeId } from '../configurator/app-types.ts';

/**
 * The price source at run time: the validated entries of src/content/prices/ with both prices of
 * each unit worked out (docs/decisions/0025-price-source.md). Every page, island and function
 * reads prices through this one module, so one edit of a Markdown file changes every place.
 */

export interface PriceEntry extends Omit<PriceEntryData, 'netCents' | 'grossCents'> {
  /** The Markdown file's name. */
  id: string;
  /** Net price of one unit in cents: what a business pays before VAT. */
  netCents: number;
  /** Gross price of one unit in cents: what a consumer pays and every price list shows first. */
  grossCents: number;
}

export interface PriceSource {
  /** Every entry, in display order: by group, then position, then name. */
  readonly entries: readonly PriceEntry[];
  get(id: string): PriceEntry | undefined;
  /** The entry with this id; a page or rule naming an id the source lacks fails the build. */
  require(id: string): PriceEntry;
  byRole(role: PriceRole): PriceEntry;
  appType(key: AppTypeId): PriceEntry;
  inGroup(group: PriceGroup): PriceEntry[];
}

/** 'webapp-basis-6m: netCents: …' — the file and the field an editor has to fix. */
function describe(issues: readonly v.BaseIssue<unknown>[], raw: unknown): string {
  return issues
    .map((issue) => {
      const path = issue.path ?? [];
      const index = path[0]?.key;
      const id = typeof index === 'number' && Array.isArray(raw) ? (raw[index] as { id?: unknown } | undefined)?.id : undefined;
      const field = path
        .slice(2)
        .map((item) => String(item.key))
        .join('.');
      const where = typeof id === 'string' ? `${id}.md${field ? ` (${field})` : ''}` : 'Preisquelle';
      return `${where}: ${issue.message}`;
    })
    .join('\n');
}

/** Validates raw entries ({ id, data } per Markdown file) and throws one German message per problem. */
export function validatePriceSource(raw: unknown) {
  const result = v.safeParse(PriceSourceSchema, raw, { abortPipeEarly: false });
  if (!result.success) throw new Error(`Ungültige Preisquelle (src/content/prices):\n${describe(result.issues, raw)}`);
  return result.output;
}

export function loadPriceSource(raw: unknown): PriceSource {
  const groupIndex = (group: PriceGroup) => PRICE_GROUPS.indexOf(group);
  const entries: PriceEntry[] = validatePriceSource(raw)
    .map(({ id, data }) => {
      const { netCents: net, grossCents: gross, ...rest } = data;
      // An entry states one price; the other follows at its VAT rate, rounded to the cent.
      // A line's gross is the unit's gross × quantity and its net the part of that (amounts.ts), so
      // a stated net must have a gross in whole cents, or its lines would not come to net × quantity.
      if (net !== undefined && (net * data.vatPercent) % 100 !== 0) {
        throw new Error(`Ungültige Preisquelle (src/content/prices):\n${id}.md (netCents): ${net} Cent netto ergeben bei ${data.vatPercent} % keinen Bruttopreis in ganzen Cent; bitte einen solchen Nettopreis oder grossCents angeben.`);
      }
      const netCents = net ?? (gross === undefined ? 0 : grossToNet(gross, data.vatPercent));
      const grossCents = gross ?? netToGross(netCents, data.vatPercent);
      return { id, ...rest, netCents, grossCents };
    })
    .sort((a, b) => groupIndex(a.group) - groupIndex(b.group) || a.order - b.order || a.name.localeCompare(b.name, 'de'));

  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const require = (id: string): PriceEntry => {
    const entry = byId.get(id);
    if (!entry) throw new Error(`Die Preisquelle hat keinen Eintrag „${id}“ (src/content/prices/${id}.md).`);
    return entry;
  };
  // The schema checked that every role and app type is held by exactly one entry.
  const byRole = (role: PriceRole) => entries.find((entry) => entry.role === role)!;
  const appType = (key: AppTypeId) => entries.find((entry) => entry.appType?.key === key)!;
  return {
    entries,
    get: (id) => byId.get(id),
    require,
    byRole,
    appType,
    inGroup: (group) => entries.filter((entry) => entry.group === group),
  };
}
