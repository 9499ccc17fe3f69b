import type { FooterLinkGroup } from './schemas/locales.ts';

/** Only active items are shown; a group left without items disappears (SPEC §2, §3). */
export function visibleGroups(groups: readonly FooterLinkGroup[]): FooterLinkGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => item.active) }))
    .filter((group) => group.items.length > 0);
}
