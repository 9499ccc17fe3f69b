/**
 * The chat's polling loop (issue 11: new agent messages arrive within 3 seconds). One request at
 * a time, the next one an interval after the previous answer; nothing while the tab is hidden,
 * and at once when it becomes visible again, so a returning visitor sees what arrived meanwhile.
 */

/** What a poll asks for next: the default waits an interval, 'again' polls at once, 'stop' ends. */
export type PollOutcome = 'again' | 'stop' | void;

/** The part of `document` the loop needs; tests pass their own. */
export interface Visibility {
  readonly hidden: boolean;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface PollingOptions {
  intervalMs: number;
  /** A failing poll is the caller's to report; the loop goes on after the interval. */
  poll: () => Promise<PollOutcome>;
  /** Poll at the start instead of after the first interval. */
  immediate?: boolean;
  visibility?: Visibility;
}

/** Starts the loop; the returned function stops it (also while a poll is on its way). */
export function startPolling({ intervalMs, poll, immediate = false, visibility = document }: PollingOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = false;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || visibility.hidden) return;
    timer = setTimeout(() => void tick(), delay);
  };

  async function tick(): Promise<void> {
    timer = undefined;
    if (stopped || running || visibility.hidden) return;
    running = true;
    let outcome: PollOutcome;
    try {
      outcome = await poll();
    } catch {
      outcome = undefined;
    } finally {
      running = false;
    }
    if (outcome === 'stop') stop();
    else schedule(outcome === 'again' ? 0 : intervalMs);
  }

  const onVisibilityChange = () => {
    if (visibility.hidden) {
      clearTimeout(timer);
      timer = undefined;
    } else if (!running) {
      schedule(0);
    }
  };

  function stop(): void {
    stopped = true;
    clearTimeout(timer);
    visibility.removeEventListener('visibilitychange', onVisibilityChange);
  }

  visibility.addEventListener('visibilitychange', onVisibilityChange);
  schedule(immediate ? 0 : intervalMs);
  return stop;
}

/**
 * Polls at once and then every `intervalMs` on the loop above; stopping also aborts the poll on
 * its way through its signal. The poll shows its own errors; the loop goes on after a failed run.
 */
export function startAbortablePolling(intervalMs: number, poll: (signal: AbortSignal) => Promise<void>): () => void {
  const controller = new AbortController();
  const stop = startPolling({ intervalMs, immediate: true, poll: () => poll(controller.signal) });
  return () => {
    controller.abort();
    stop();
  };
}
