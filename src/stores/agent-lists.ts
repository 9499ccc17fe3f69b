import { map } from 'nanostores';
import * as agentApi from '../client/agent.ts';
import type { ContractPage } from '../lib/agent/contract-types.ts';
import type { InboxItem, InboxPage } from '../lib/agent/inbox-types.ts';
import type { InboxAction, InboxStatus, InboxType } from '../lib/schemas/inbox.ts';
import { polledList, type PolledList } from './agent-polled-list.ts';

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
