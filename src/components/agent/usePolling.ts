import { useEffect, useRef } from 'react';
import { startPolling } from '../../lib/chat/poller.ts';

/**
 * Calls `poll` now and every `intervalMs` while the page is visible, on the chat's polling loop
 * (src/lib/chat/poller.ts: no overlapping runs, paused in a hidden tab, at once when it returns).
 * Unmounting or a change of `deps` aborts the poll on its way.
 */
export function usePolling(poll: (signal: AbortSignal) => Promise<void>, intervalMs: number, deps: readonly unknown[]): void {
  const latest = useRef(poll);
  latest.current = poll;

  useEffect(() => {
    const controller = new AbortController();
    // The poll shows its own errors; the loop goes on after a failed run.
    const stop = startPolling({ intervalMs, immediate: true, poll: () => latest.current(controller.signal) });
    return () => {
      controller.abort();
      stop();
    };
    // The caller names what restarts the polling; `poll` itself is read through the ref.
  }, [intervalMs, ...deps]);
}
