import * as v from 'valibot';
import { FooterLocaleSchema, type FooterLinkGroup } from './schemas/locales.ts';
import { WITHDRAWAL_FORM_PATH } from './legal.ts';

/** Only active items are shown; a group left without items disappears (SPEC §2, §3). */
export function visibleGroups(groups: readonly FooterLinkGroup[]): FooterLinkGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => item.active) }))
    .filter((group) => group.items.length > 0);
}

/**
 * The footer's link columns from the locale file, as the page's HTML shows them (issue 22: built
 * into every page, so crawlers and readers without JavaScript reach every link). A missing or
 * malformed file shows SPEC §2's error text instead of failing the whole site; no visible link
 * shows its 'none found' text.
 */
export type FooterLinks = { status: 'failed' } | { status: 'empty' } | { status: 'ready'; groups: FooterLinkGroup[] };

export function footerLinks(source: unknown): FooterLinks {
  const parsed = v.safeParse(FooterLocaleSchema, source);
  if (!parsed.success) return { status: 'failed' };
  const groups = visibleGroups(parsed.output.footer.links);
  return groups.length === 0 ? { status: 'empty' } : { status: 'ready', groups };
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
