import type { FieldState, FormValues } from '../forms/useFormFields.ts';

/**
 * The checkout's fields are the form kit's; its errors come by the order request's paths
 * ('customer.name'), which name the controls' ids.
 */

export const linkClass = 'font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300';

/** The id of the control that a field path of the order request belongs to. */
export function fieldId(path: string): string {
  return `checkout-${path.replaceAll('.', '-')}`;
}

/**
 * The checkout's values as the kit's fields read them: each field's error is the one of its
 * request path, shown as soon as it is in `errors` (the checkout decides when that is).
 */
export function checkoutFields<V extends FormValues>(
  values: V,
  change: <F extends keyof V & string>(field: F, value: V[F]) => void,
  errors: Record<string, string>,
  paths: Record<keyof V & string, string>,
): FieldState<V> {
  return {
    values,
    change,
    id: (field) => fieldId(paths[field]),
    errorId: (field) => `${fieldId(paths[field])}-error`,
    shown: (field) => errors[paths[field]],
  };
}
