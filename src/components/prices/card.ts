/**
 * The product card's frame, shared by the offer cards (OfferCard.astro) and the package sections
 * of /webapp, so the recommended package looks the same wherever it stands: a 2 px accent border
 * (3:1 against the page in both themes), a stronger shadow and the 'Empfohlen' badge.
 */
export const card = {
  base: 'relative flex flex-col rounded-2xl bg-white p-6 md:p-8 dark:bg-slate-900',
  plain: 'border border-slate-200 shadow-sm dark:border-slate-700',
  recommended: 'border-2 border-brand-600 shadow-xl shadow-brand-600/10 dark:border-brand-300 dark:shadow-none',
  badge:
    'absolute -top-3.5 left-6 inline-flex items-center gap-1.5 rounded-full bg-brand-600 px-3 py-1 text-sm font-semibold text-white shadow-sm md:left-8 dark:bg-brand-300 dark:text-slate-950',
} as const;
