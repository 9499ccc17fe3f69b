import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentConversation, ChatMessage } from '../../../src/lib/chat/types.ts';
import {
  $chat,
  addPendingMessage,
  lastMessageId,
  markConversationRead,
  markMessageFailed,
  mergeMessages,
  receiveMessages,
  renameConversation,
  setAgentConversations,
  setCurrentConversation,
  updateAgentConversation,
} from '../../../src/stores/chat.ts';

const conversationId = 'c1';
const message = (id: number, tempId: string | null = null, text = `Nachricht ${id}`): ChatMessage => ({
  id,
  conversationId,
  author: 'visitor',
  text,
  tempId,
  createdAt: '2026-11-23T10:00:00.000Z',
});
const conversation = (id: string, unreadCount: number): AgentConversation => ({
  id,
  status: 'open',
  unreadCount,
  lastActivityAt: '2026-11-23T10:00:00.000Z',
  lastMessage: null,
  assignedAgentId: null,
  visitorEmail: null,
});
const messages = () => $chat.get().messagesByConversation[conversationId] ?? [];

beforeEach(() => {
  $chat.setKey('messagesByConversation', {});
  $chat.setKey('currentConversationId', null);
});

describe('chat messages (SPEC §3)', () => {
  it('deduplicates messages by id, also within one batch', () => {
    receiveMessages(conversationId, [message(1), message(2)]);
    receiveMessages(conversationId, [message(2), message(3), message(3)]);
    expect(messages().map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('shows a sent message at once and replaces its temporary id by the real one', () => {
    receiveMessages(conversationId, [message(1)]);
    addPendingMessage({ conversationId, author: 'visitor', text: 'Hallo', tempId: 't-1', createdAt: '2026-11-23T10:01:00.000Z' });
    expect(messages().map((m) => [m.id, m.pending])).toEqual([
      [1, undefined],
      ['t-1', true],
    ]);

    receiveMessages(conversationId, [message(7, 't-1', 'Hallo')]);
    expect(messages().map((m) => m.id)).toEqual([1, 7]);
    expect(messages()[1]).not.toHaveProperty('pending');
    // The poll that brings the same message again does not double it.
    receiveMessages(conversationId, [message(7, 't-1', 'Hallo')]);
    expect(messages()).toHaveLength(2);
  });

  it('keeps server order by id and pending messages last', () => {
    const merged = mergeMessages([{ ...message(0, 't-9'), id: 't-9', pending: true }], [message(5), message(4)]);
    expect(merged.map((m) => m.id)).toEqual([4, 5, 't-9']);
  });

  it('keeps a failed message visible with its text', () => {
    addPendingMessage({ conversationId, author: 'visitor', text: 'Nicht verloren', tempId: 't-2', createdAt: '2026-11-23T10:01:00.000Z' });
    markMessageFailed(conversationId, 't-2');
    expect(messages()).toEqual([expect.objectContaining({ id: 't-2', text: 'Nicht verloren', pending: false, failed: true })]);
  });

  it('takes the after cursor from the newest confirmed message only', () => {
    expect(lastMessageId(conversationId)).toBe(0);
    receiveMessages(conversationId, [message(3), message(9)]);
    addPendingMessage({ conversationId, author: 'visitor', text: 'x', tempId: 't-3', createdAt: '2026-11-23T10:01:00.000Z' });
    expect(lastMessageId(conversationId)).toBe(9);
  });

  it('moves a conversation started under a temporary key to its real id', () => {
    setCurrentConversation('new');
    addPendingMessage({ conversationId: 'new', author: 'visitor', text: 'Erste Frage', tempId: 't-4', createdAt: '2026-11-23T10:01:00.000Z' });
    renameConversation('new', conversationId);
    expect($chat.get().messagesByConversation).not.toHaveProperty('new');
    expect(messages()).toEqual([expect.objectContaining({ id: 't-4', conversationId })]);
    expect($chat.get().currentConversationId).toBe(conversationId);
  });
});

describe('agent conversations (SPEC §3)', () => {
  beforeEach(() => {
    setAgentConversations({ conversations: [conversation('a', 2), conversation('b', 3)], currentPage: 2, totalPages: 4, totalConversations: 62, totalUnread: 9 });
  });

  it('holds the page with its pagination and the unread total', () => {
    const state = $chat.get();
    expect(state.agentConversations.map((c) => [c.id, c.unreadCount])).toEqual([
      ['a', 2],
      ['b', 3],
    ]);
    expect(state.agentPagination).toEqual({ currentPage: 2, totalPages: 4, totalConversations: 62 });
    expect(state.agentTotalUnread).toBe(9);
  });

  it('marking a conversation read sets its unread count to 0 and lowers the total', () => {
    markConversationRead('b');
    expect($chat.get().agentConversations.find((c) => c.id === 'b')?.unreadCount).toBe(0);
    expect($chat.get().agentTotalUnread).toBe(6);
  });

  it('an updated conversation replaces the listed one', () => {
    updateAgentConversation({ ...conversation('a', 5), status: 'closed' });
    expect($chat.get().agentConversations[0]).toMatchObject({ id: 'a', status: 'closed', unreadCount: 5 });
    expect($chat.get().agentTotalUnread).toBe(12);
  });
});
