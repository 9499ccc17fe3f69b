import { inputClass } from '../../forms/Fields.tsx';

/** Shared classes of the booking demo's screens; its inputs look like every form's. */
export const demoInput = `mt-1 ${inputClass}`;
export const demoLabel = 'block text-sm font-medium text-slate-900 dark:text-slate-100';
export const demoPrimary = 'rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800';
export const demoSecondary =
  'rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800';
export const demoError = 'mt-1 text-sm font-medium text-red-700 dark:text-red-300';
