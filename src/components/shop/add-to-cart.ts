/** The look of every 'In den Warenkorb' button: the static one of the product pages and the domain check's. */
export const addToCartButtonClass =
  'inline-flex items-center justify-center rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700';
