import { map, type MapStore } from 'nanostores';
import * as agentApi from '../client/agent.ts';
import type { ContractPage } from '../lib/agent/contract-types.ts';
import type { InboxItem, InboxPage } from '../lib/agent/inbox-types.ts';
import { startAbortablePolling } from '../client/polling.ts';
import type { InboxAction, InboxStatus, InboxType } from '../lib/schemas/inbox.ts';
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

function polledList<Filter, Page>(
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

export interface InboxFilter {
  type: InboxType | '';
  status: InboxStatus | '';
  page: number;
}

/** New forms and orders are less urgent than a waiting visitor: a slower refresh is enough. */
const INBOX_POLL_MS = 15_000;

/** Everything else the site received: forms and orders, by type and status. */
export const $agentInbox = map<PolledList<InboxFilter, InboxPage>>({ filter: { type: '', status: '', page: 1 }, page: null, error: null });
const inbox = polledList($agentInbox, INBOX_POLL_MS, agentApi.fetchInbox);
export const showInbox = inbox.show;
export const filterInbox = inbox.filter;

/** An item changed by the agent: shown changed at once, and the list asked again (counts and filters may differ now). */
function inboxItemChanged(item: InboxItem): void {
  const { page, filter } = $agentInbox.get();
  if (page) $agentInbox.setKey('page', { ...page, items: page.items.map((i) => (i.type === item.type && i.id === item.id ? item : i)) });
  inbox.filter(filter);
}

/** Sets an item's status, marks an order paid or processes a cancellation; resolves to the changed item. */
export async function actOnInboxItem(item: InboxItem, action: InboxAction): Promise<InboxItem> {
  const changed = await agentApi.inboxAction(item.type, item.id, action);
  inboxItemChanged(changed);
  return changed;
}

export interface ContractFilter {
  q: string;
  page: number;
}

/** Contracts change only when a cancellation arrives or is processed: a slow refresh is enough. */
const CONTRACTS_POLL_MS = 60_000;

/** All contracts per customer, searchable by e-mail address, contract or order number. */
export const $agentContracts = map<PolledList<ContractFilter, ContractPage>>({ filter: { q: '', page: 1 }, page: null, error: null });
const contracts = polledList($agentContracts, CONTRACTS_POLL_MS, agentApi.fetchContracts);
export const showContracts = contracts.show;
export const filterContracts = contracts.filter;
