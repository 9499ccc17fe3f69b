import { PRICE_GROUP_TEXT } from './prices/groups.ts';
import { offerEntries, type OfferEntry } from './prices/offers.ts';
import type { PriceEntry, PriceSource } from './prices/source.ts';
import type { PriceGroup } from './schemas/price-source.ts';

/**
 * Pure helpers for showing the offers of the price source on the about page, the product
 * catalogue and the web-application page. Prices are never re-typed in pages: they come from the
 * entries (src/content/prices/*.md).
 */

export interface WebappPackage {
  /** The fragment of its more-info link, e.g. '4206' for '/webapp#4206'. */
  anchor: string;
  entry: PriceEntry;
}

const WEBAPP_LINK = /^\/webapp#([\w-]+)$/;

/**
 * The web-application packages in display order, each with the anchor of its section on /webapp,
 * taken from its more-info link: a package added to the source gets its section and its link
 * target together.
 */
export function webappPackages(source: PriceSource): WebappPackage[] {
  return source.inGroup('webapp-pakete').flatMap((entry) => {
    const anchor = WEBAPP_LINK.exec(entry.offer?.moreInfoLink ?? '')?.[1];
    return anchor ? [{ anchor, entry }] : [];
  });
}

export interface OfferGroup {
  id: PriceGroup;
  title: string;
  description: string;
  entries: OfferEntry[];
}

/** The offers grouped as the price source groups them; groups without offers are left out. */
export function offerGroups(source: PriceSource): OfferGroup[] {
  const offers = offerEntries(source);
  const groups = [...new Set(offers.map((entry) => entry.group))];
  return groups.map((id) => ({ id, ...PRICE_GROUP_TEXT[id], entries: offers.filter((entry) => entry.group === id) }));
}
