/** The small secondary buttons of the security check (new captcha, retry the proof of work). */
export const secondaryButton =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800';
