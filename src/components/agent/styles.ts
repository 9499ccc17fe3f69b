/** Class names of the agent dashboard, so both areas look alike and keep their contrast in both themes. */
export const ui = {
  card: 'rounded-2xl border border-slate-200 bg-white p-4 md:p-6 dark:border-slate-700 dark:bg-slate-900',
  h2: 'text-2xl font-bold text-slate-900 dark:text-white',
  h3: 'text-lg font-semibold text-slate-900 dark:text-white',
  text: 'text-slate-700 dark:text-slate-300',
  muted: 'text-sm text-slate-600 dark:text-slate-400',
  label: 'font-medium text-slate-900 dark:text-slate-100',
  // Field borders need 3:1 against the page (WCAG 1.4.11): slate-500 on white, slate-400 on slate-900, as in the form kit.
  input:
    'rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100',
  primary:
    'rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400 dark:disabled:bg-slate-600',
  secondary:
    'rounded-lg border border-slate-400 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800',
  listButton:
    'grid w-full gap-1 rounded-lg border px-3 py-2 text-left hover:bg-slate-50 dark:hover:bg-slate-800',
  selected: 'border-brand-600 bg-brand-50 dark:border-brand-300 dark:bg-slate-800',
  unselected: 'border-slate-200 dark:border-slate-700',
  badge: 'inline-block rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white',
  pill: 'inline-block rounded-full border border-slate-400 px-2 py-0.5 text-xs font-medium text-slate-800 dark:border-slate-500 dark:text-slate-200',
  error: 'text-sm font-medium text-red-700 dark:text-red-300',
  success: 'font-medium text-green-700 dark:text-green-300',
  /** Table cells of the contract, invoice and debit lists, and their heads. */
  cell: 'border-t border-slate-200 px-3 py-2 align-top dark:border-slate-700',
  headCell: 'border-t border-slate-200 px-3 py-2 align-top dark:border-slate-700 text-left font-semibold text-slate-900 dark:text-slate-100',
} as const;
