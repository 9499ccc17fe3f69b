/**
 * Table classes of /preisliste and its price cells, so every price table reads the same and keeps
 * the contrast the axe sweep checks in both themes. Below `sm` each row stacks into a block – the
 * name, its scope, then its price with the price's own unit and tax notes – so a phone shows the
 * price without scrolling sideways; the head row is then hidden from the eye only (as in the
 * kit's DataTable, src/components/ui/DataTable.tsx).
 */
export const prices = {
  // From sm on, a narrow window scrolls the table sideways instead of squeezing the price column.
  // 'relative' makes the scroller the containing block of the sr-only texts inside the table;
  // without it those absolutely positioned spans escape the clipping and widen the whole page.
  scroller: 'relative mt-8 overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-700',
  table: 'w-full min-w-[36rem] max-sm:min-w-0 border-collapse text-left text-slate-700 dark:text-slate-300',
  head: 'max-sm:sr-only',
  th: 'bg-slate-100 px-4 py-3 font-semibold text-slate-900 dark:bg-slate-800 dark:text-white',
  thNumeric: 'bg-slate-100 px-4 py-3 text-right font-semibold text-slate-900 dark:bg-slate-800 dark:text-white',
  row: 'border-t border-slate-200 align-top dark:border-slate-700 max-sm:block max-sm:py-3',
  rowHeader: 'px-4 py-4 font-semibold text-slate-900 dark:text-white max-sm:block max-sm:pb-1 max-sm:pt-0 max-sm:text-lg',
  td: 'px-4 py-4 max-sm:block max-sm:py-1',
  tdNumeric: 'px-4 py-4 text-right tabular-nums whitespace-nowrap max-sm:block max-sm:pb-1 max-sm:pt-3 max-sm:text-left max-sm:whitespace-normal',
} as const;
