import { useEffect, useState } from 'react';

/**
 * False during the server render and hydration, true afterwards. Values that only the
 * browser knows (local storage, media queries) are shown from then on, so the hydrated
 * markup matches the prebuilt HTML.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
