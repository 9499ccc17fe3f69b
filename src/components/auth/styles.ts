/** Class names shared by the account forms (login dialog, settings, reset page); their fields come from the form kit. */
export const auth = {
  primary:
    'rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400 dark:disabled:bg-slate-600',
  danger:
    'rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-slate-400 dark:disabled:bg-slate-600',
  link: 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300',
  error: 'text-sm font-medium text-red-700 dark:text-red-300',
  success: 'font-medium text-green-700 dark:text-green-300',
} as const;
