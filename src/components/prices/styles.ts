/**
 * Table classes shared by /preisliste, /domains and /domains/{tld}, so every price table reads
 * the same and keeps the contrast the axe sweep checks in both themes.
 */
export const prices = {
  // Narrow screens scroll the table sideways instead of squeezing the price column. 'relative'
  // makes the scroller the containing block of the sr-only texts inside the table; without it
  // those absolutely positioned spans escape the clipping and widen the whole page.
  scroller: 'relative mt-8 overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-700',
  table: 'w-full min-w-[36rem] border-collapse text-left text-slate-700 dark:text-slate-300',
  th: 'bg-slate-100 px-4 py-3 font-semibold text-slate-900 dark:bg-slate-800 dark:text-white',
  thNumeric: 'bg-slate-100 px-4 py-3 text-right font-semibold text-slate-900 dark:bg-slate-800 dark:text-white',
  row: 'border-t border-slate-200 align-top dark:border-slate-700',
  rowHeader: 'px-4 py-4 font-semibold text-slate-900 dark:text-white',
  td: 'px-4 py-4',
  tdNumeric: 'px-4 py-4 text-right tabular-nums whitespace-nowrap',
} as const;
