import { useEffect, useRef } from 'react';

/**
 * Focuses the element when the component appears: switching the dialog's mode removes the
 * button that was clicked, and the focus must land in the new form, not on the page body.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
