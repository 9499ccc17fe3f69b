import type { FooterLinkGroup } from './schemas/locales.ts';
import { WITHDRAWAL_FORM_PATH } from './legal.ts';

/** Only active items are shown; a group left without items disappears (SPEC §2, §3). */
export function visibleGroups(groups: readonly FooterLinkGroup[]): FooterLinkGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => item.active) }))
    .filter((group) => group.items.length > 0);
}

/** The legal pages every page's footer links to. */
export const legalLinks = [
  { href: '/impressum', label: 'Impressum' },
  { href: '/datenschutz', label: 'Datenschutz' },
  { href: '/agb', label: 'AGB' },
  { href: '/widerrufsformular', label: 'Widerrufsbelehrung' },
  { href: '/av-vertrag', label: 'AV-Vertrag anfordern' },
  { href: '/barrierefreiheit', label: 'Barrierefreiheit' },
  { href: '/ansprechpartner', label: 'Ansprechpartner' },
] as const;

/**
 * The two buttons every page shows side by side and equally visible: the cancellation button
 * (§ 312k BGB) and the withdrawal function (§ 356a BGB), each leading straight to its form.
 */
export const contractButtons = [
  { href: '/vertraege-kuendigen', label: 'Verträge hier kündigen' },
  { href: WITHDRAWAL_FORM_PATH, label: 'Vertrag widerrufen' },
] as const;
