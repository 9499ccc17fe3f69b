/** Class sets of the customer area's lists and tables (the orders' and the invoices'). */

/** A term or a column's heading. */
export const term = 'font-semibold text-slate-900 dark:text-white';

// Narrow and breaking long words anywhere: the tables fit a 320 px screen (WCAG 1.4.10).
export const cell = 'border-b border-slate-200 px-2 py-2 text-left align-top hyphens-auto wrap-anywhere dark:border-slate-700';
