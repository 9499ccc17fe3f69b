import { useEffect, useRef } from 'react';

/**
 * Calls `poll` now and every `intervalMs` while the page is visible; a hidden tab pauses and
 * polls again at once when it comes back, so a returning agent sees the current state. A run
 * never overlaps the previous one.
 */
export function usePolling(poll: (signal: AbortSignal) => Promise<void>, intervalMs: number, deps: readonly unknown[]): void {
  const latest = useRef(poll);
  latest.current = poll;

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;

    const run = async () => {
      clearTimeout(timer);
      if (running || controller.signal.aborted) return;
      running = true;
      try {
        await latest.current(controller.signal);
      } catch {
        // The poll shows its own errors; a failed run just waits for the next one.
      } finally {
        running = false;
      }
      if (!controller.signal.aborted && document.visibilityState === 'visible') timer = setTimeout(() => void run(), intervalMs);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void run();
      else clearTimeout(timer);
    };

    void run();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
    // The caller names what restarts the polling; `poll` itself is read through the ref.
  }, [intervalMs, ...deps]);
}
