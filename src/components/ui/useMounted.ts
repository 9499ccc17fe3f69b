import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False during the server render and hydration, true afterwards. Values that only the
 * browser knows (local storage, media queries) are shown from then on, so the hydrated
 * markup matches the prebuilt HTML.
 */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
