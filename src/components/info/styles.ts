/**
 * Tailwind class sets shared by the information pages, so headings, prose and links look the
 * same on all of them and keep the contrast checked by the axe sweep in both themes.
 */
export const info = {
  section: 'mx-auto max-w-6xl px-4 py-14',
  band: 'bg-slate-50 py-14 dark:bg-slate-900',
  bandInner: 'mx-auto max-w-6xl px-4',
  // Long German compounds ('Auftragskonfigurators') must wrap on a 320 px screen (WCAG 1.4.10).
  h2: 'text-3xl font-bold break-words hyphens-auto text-slate-900 dark:text-white',
  h3: 'text-xl font-semibold text-slate-900 dark:text-white',
  text: 'text-lg text-slate-700 dark:text-slate-300',
  body: 'text-slate-700 dark:text-slate-300',
  card: 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900',
  /** The square behind a card's icon. */
  iconTile: 'flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-300',
  list: 'list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300',
  link: 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-100',
  primaryButton: 'inline-flex items-center justify-center rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700',
  secondaryButton:
    'inline-flex items-center justify-center rounded-lg border border-slate-400 px-6 py-3 font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800',
} as const;
