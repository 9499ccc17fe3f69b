import type { AgentConversation, AgentConversationPage, ChatMessage } from '../lib/chat/types.ts';
import type { ConversationChange } from '../lib/schemas/chat.ts';
import type { InboxAction, InboxStatus, InboxType } from '../lib/schemas/inbox.ts';
import { apiFetch } from './api.ts';
import type { ContractPage } from '../lib/agent/contract-types.ts';
import type { AgentSummary, InboxItem, InboxPage } from '../lib/agent/inbox-types.ts';

/** The agent dashboard's calls (docs/decisions/0017-chat.md, 0019-agent-dashboard.md). */

const conversationPath = (id: string) => `/api/agent/conversations/${encodeURIComponent(id)}`;

export function fetchConversations(page: number, signal?: AbortSignal): Promise<AgentConversationPage> {
  return apiFetch(`/api/agent/conversations?page=${page}`, { signal });
}

export function fetchThread(
  id: string,
  after: number,
  signal?: AbortSignal,
): Promise<{ conversation: AgentConversation; messages: ChatMessage[]; hasMore: boolean }> {
  return apiFetch(`${conversationPath(id)}/messages?after=${after}`, { signal });
}

export async function postRead(id: string): Promise<AgentConversation> {
  return (await apiFetch<{ conversation: AgentConversation }>(`${conversationPath(id)}/read`, { method: 'POST' })).conversation;
}

export async function postReply(id: string, text: string, tempId: string): Promise<ChatMessage> {
  return (await apiFetch<{ message: ChatMessage }>(`${conversationPath(id)}/messages`, { method: 'POST', json: { text, tempId } })).message;
}

export async function patchConversation(id: string, change: ConversationChange): Promise<AgentConversation> {
  return (await apiFetch<{ conversation: AgentConversation }>(conversationPath(id), { method: 'PATCH', json: change })).conversation;
}

export async function fetchAgents(): Promise<AgentSummary[]> {
  return (await apiFetch<{ agents: AgentSummary[] }>('/api/agent/agents')).agents;
}

export function fetchInbox(filter: { type: InboxType | ''; status: InboxStatus | ''; page: number }, signal?: AbortSignal): Promise<InboxPage> {
  const query = new URLSearchParams({ type: filter.type, status: filter.status, page: String(filter.page) });
  return apiFetch(`/api/agent/inbox?${query}`, { signal });
}

export async function inboxAction(type: InboxType, id: number, action: InboxAction): Promise<InboxItem> {
  return (await apiFetch<{ item: InboxItem }>(`/api/agent/inbox/${type}/${id}`, { method: 'PATCH', json: action })).item;
}

export function fetchContracts(filter: { q: string; page: number }, signal?: AbortSignal): Promise<ContractPage> {
  const query = new URLSearchParams({ q: filter.q, page: String(filter.page) });
  return apiFetch(`/api/agent/contracts?${query}`, { signal });
}
