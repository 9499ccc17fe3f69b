import { map } from 'nanostores';
import type { AgentConversation, AgentConversationPage, ChatMessage } from '../lib/chat/types.ts';

/**
 * A message in the chat store. Sent messages appear at once under their temporary id (a string)
 * and `pending`; the server's answer or the next poll replaces them by the stored message with
 * its real id (SPEC §3: "Message: id, conversationId, optional tempId").
 */
export type StoredChatMessage = Omit<ChatMessage, 'id'> & {
  id: number | string;
  /** Sent but not yet confirmed by the server. */
  pending?: boolean;
  /** The send failed; the text stays so the visitor can send it again. */
  failed?: boolean;
};

/** The agent dashboard's page of conversations (SPEC §3 "agent pagination"). */
export interface AgentPagination {
  currentPage: number;
  totalPages: number;
  totalConversations: number;
}

/** SPEC §3 chat store, shared by the chat button, the chat modal, /chat and the agent dashboard. */
export interface ChatState {
  messagesByConversation: Record<string, StoredChatMessage[]>;
  currentConversationId: string | null;
  isChatModalOpen: boolean;
  isLoading: boolean;
  /** A German message for the person using the chat, or null. */
  error: string | null;
  /** A German notice that is not an error (e.g. "no agent is online"), or null. */
  info: string | null;
  agentConversations: AgentConversation[];
  agentPagination: AgentPagination;
  /** Unread visitor messages over all conversations (the dashboard's tab title). */
  agentTotalUnread: number;
  /** The support replied and the visitor has not opened the chat since: the chat button's marker. */
  hasUnreadReply: boolean;
}

export const $chat = map<ChatState>({
  messagesByConversation: {},
  currentConversationId: null,
  isChatModalOpen: false,
  isLoading: false,
  error: null,
  info: null,
  agentConversations: [],
  agentPagination: { currentPage: 1, totalPages: 1, totalConversations: 0 },
  agentTotalUnread: 0,
  hasUnreadReply: false,
});

export function openChatModal(): void {
  $chat.setKey('isChatModalOpen', true);
}

export function closeChatModal(): void {
  $chat.setKey('isChatModalOpen', false);
}

export function setUnreadReply(hasUnreadReply: boolean): void {
  $chat.setKey('hasUnreadReply', hasUnreadReply);
}

export function setCurrentConversation(id: string | null): void {
  $chat.setKey('currentConversationId', id);
}

export function setChatLoading(isLoading: boolean): void {
  $chat.setKey('isLoading', isLoading);
}

export function setChatError(error: string | null): void {
  $chat.setKey('error', error);
}

export function setChatInfo(info: string | null): void {
  $chat.setKey('info', info);
}

function byId(a: StoredChatMessage, b: StoredChatMessage): number {
  // Confirmed messages in server order; pending ones (string ids) after them in sending order.
  if (typeof a.id === 'number' && typeof b.id === 'number') return a.id - b.id;
  if (typeof a.id === 'number') return -1;
  if (typeof b.id === 'number') return 1;
  return 0;
}

/**
 * Merges messages from the server into a conversation (SPEC §3): a message already present
 * by id is kept once, and a message carrying the tempId of a pending one replaces it.
 */
export function mergeMessages(existing: readonly StoredChatMessage[], incoming: readonly ChatMessage[]): StoredChatMessage[] {
  const result = [...existing];
  for (const message of incoming) {
    const sameId = result.findIndex((m) => m.id === message.id);
    if (sameId !== -1) {
      result[sameId] = message;
      continue;
    }
    const sameTemp = message.tempId === null ? -1 : result.findIndex((m) => typeof m.id === 'string' && m.tempId === message.tempId);
    if (sameTemp !== -1) result[sameTemp] = message;
    else result.push(message);
  }
  return result.sort(byId);
}

function updateConversation(conversationId: string, change: (messages: StoredChatMessage[]) => StoredChatMessage[]): void {
  const all = $chat.get().messagesByConversation;
  $chat.setKey('messagesByConversation', { ...all, [conversationId]: change(all[conversationId] ?? []) });
}

export function receiveMessages(conversationId: string, messages: readonly ChatMessage[]): void {
  updateConversation(conversationId, (existing) => mergeMessages(existing, messages));
}

/** Shows a message the moment it is sent, under its temporary id. */
export function addPendingMessage(message: Omit<StoredChatMessage, 'id' | 'pending' | 'failed'> & { tempId: string }): void {
  updateConversation(message.conversationId, (existing) => [
    ...existing.filter((m) => m.id !== message.tempId),
    { ...message, id: message.tempId, pending: true },
  ]);
}

/** The send failed: the message stays visible (marked) instead of being lost. */
export function markMessageFailed(conversationId: string, tempId: string): void {
  updateConversation(conversationId, (existing) => existing.map((m) => (m.id === tempId ? { ...m, pending: false, failed: true } : m)));
}

/**
 * A conversation that started under a temporary key (before the server named it) moves to
 * its real id, keeping what is shown.
 */
export function renameConversation(fromId: string, toId: string): void {
  const { [fromId]: moved = [], ...rest } = $chat.get().messagesByConversation;
  $chat.setKey('messagesByConversation', {
    ...rest,
    [toId]: [...(rest[toId] ?? []), ...moved.map((m) => ({ ...m, conversationId: toId }))].sort(byId),
  });
  if ($chat.get().currentConversationId === fromId) setCurrentConversation(toId);
}

/** The id of the newest confirmed message: the `after` cursor of the next poll. */
export function lastMessageId(conversationId: string): number {
  const messages = $chat.get().messagesByConversation[conversationId] ?? [];
  return messages.reduce((max, m) => (typeof m.id === 'number' && m.id > max ? m.id : max), 0);
}

export function setAgentConversations(page: AgentConversationPage): void {
  $chat.set({
    ...$chat.get(),
    agentConversations: page.conversations,
    agentPagination: { currentPage: page.currentPage, totalPages: page.totalPages, totalConversations: page.totalConversations },
    agentTotalUnread: page.totalUnread,
  });
}

/** Replaces one listed conversation by its newer state (after read, reply, close, assign). */
export function updateAgentConversation(conversation: AgentConversation): void {
  const state = $chat.get();
  const before = state.agentConversations.find((c) => c.id === conversation.id);
  $chat.set({
    ...state,
    agentConversations: state.agentConversations.map((c) => (c.id === conversation.id ? conversation : c)),
    agentTotalUnread: Math.max(0, state.agentTotalUnread - (before?.unreadCount ?? 0) + conversation.unreadCount),
  });
}

/** SPEC §3: marking a conversation read sets its unread count to 0. */
export function markConversationRead(conversationId: string): void {
  const conversation = $chat.get().agentConversations.find((c) => c.id === conversationId);
  if (conversation) updateAgentConversation({ ...conversation, unreadCount: 0 });
}
