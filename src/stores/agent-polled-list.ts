import type { MapStore } from 'nanostores';
import { startAbortablePolling } from '../client/polling.ts';
import { reportAgentFailure } from './agent-failure.ts';

/** A list of the agent dashboard: the page for the agent's filter, polled while it is shown. */
export interface PolledList<Filter, Page> {
  filter: Filter;
  /** null until the first answer. */
  page: Page | null;
  /** A German message, or null. */
  error: string | null;
}

interface ListActions<Filter> {
  /** Polls from now until the returned function is called. */
  show(): () => void;
  /** Changes the filter and asks at once. */
  filter(change: Partial<Filter>): void;
}

/** The one way the dashboard's lists (conversations, inbox, contracts) ask for their page. */
export function polledList<Filter, Page>(
  $list: MapStore<PolledList<Filter, Page>>,
  intervalMs: number,
  load: (filter: Filter, signal: AbortSignal) => Promise<Page>,
): ListActions<Filter> {
  let shown = false;
  let stop: (() => void) | undefined;
  const restart = () => {
    stop?.();
    stop = undefined;
    if (!shown) return;
    const { filter } = $list.get();
    stop = startAbortablePolling(intervalMs, async (signal) => {
      try {
        $list.setKey('page', await load(filter, signal));
        $list.setKey('error', null);
      } catch (caught) {
        if (!signal.aborted) reportAgentFailure(caught, (message) => $list.setKey('error', message));
      }
    });
  };
  return {
    show() {
      shown = true;
      restart();
      return () => {
        shown = false;
        restart();
      };
    },
    filter(change) {
      $list.setKey('filter', { ...$list.get().filter, ...change });
      restart();
    },
  };
}
