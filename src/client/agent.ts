import type { AgentConversation, AgentConversationPage, ChatMessage } from '../lib/chat/types.ts';
import type { ConversationChange } from '../lib/schemas/chat.ts';
import type { InboxAction, InboxStatus, InboxType } from '../lib/schemas/inbox.ts';
import { agentAgents, agentContracts, agentConversationChange, agentConversationRead, agentConversations, agentInbox, agentInboxAction, agentReply, agentThread } from '../features/agent-desk/routes.ts';
import { api } from './api.ts';
import type { ContractPage } from '../lib/agent/contract-types.ts';
import type { AgentSummary, InboxItem, InboxPage } from '../lib/agent/inbox-types.ts';

/** The agent dashboard's calls (docs/decisions/0017-chat.md, 0019-agent-dashboard.md). */

export function fetchConversations(page: number, signal?: AbortSignal): Promise<AgentConversationPage> {
  return api(agentConversations, { query: { page: String(page) }, signal });
}

export function fetchThread(
  id: string,
  after: number,
  signal?: AbortSignal,
): Promise<{ conversation: AgentConversation; messages: ChatMessage[]; hasMore: boolean }> {
  return api(agentThread, { params: { id }, query: { after: String(after) }, signal });
}

export async function postRead(id: string): Promise<AgentConversation> {
  return (await api(agentConversationRead, { params: { id } })).conversation;
}

export async function postReply(id: string, text: string, tempId: string): Promise<ChatMessage> {
  return (await api(agentReply, { params: { id }, body: { text, tempId } })).message;
}

export async function patchConversation(id: string, change: ConversationChange): Promise<AgentConversation> {
  return (await api(agentConversationChange, { params: { id }, body: change })).conversation;
}

export async function fetchAgents(): Promise<AgentSummary[]> {
  return (await api(agentAgents)).agents;
}

export function fetchInbox(filter: { type: InboxType | ''; status: InboxStatus | ''; page: number }, signal?: AbortSignal): Promise<InboxPage> {
  return api(agentInbox, { query: { type: filter.type, status: filter.status, page: String(filter.page) }, signal });
}

export async function inboxAction(type: InboxType, id: number, action: InboxAction): Promise<InboxItem> {
  return (await api(agentInboxAction, { params: { type, id: String(id) }, body: action })).item;
}

export function fetchContracts(filter: { q: string; page: number }, signal?: AbortSignal): Promise<ContractPage> {
  return api(agentContracts, { query: { q: filter.q, page: String(filter.page) }, signal });
}
