import { buttonClass, cardClass, iconTile, text } from '../ui/classes.ts';

/**
 * The information pages' composition of the kit (src/components/ui/classes.ts): section width and
 * rhythm from the theme's tokens, headings, text, links, cards and buttons from the kit, and the
 * few pieces only these pages have (the band, the icon tile, the bullet list).
 */
export const info = {
  section: 'mx-auto max-w-content px-4 py-section-sm',
  band: 'bg-slate-50 py-section-sm dark:bg-slate-900',
  bandInner: 'mx-auto max-w-content px-4',
  h2: text.h2,
  h3: text.h3,
  text: text.lead,
  body: text.body,
  card: cardClass(),
  iconTile,
  list: 'list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300',
  link: text.link,
  primaryButton: buttonClass({ block: 'phone' }),
  secondaryButton: buttonClass({ variant: 'secondary', block: 'phone' }),
} as const;
