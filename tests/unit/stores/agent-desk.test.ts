import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentConversation } from '../../../src/lib/chat/types.ts';
import {
  $agentConversations,
  $agentDesk,
  $agentUnreadTotal,
  lastMessageId,
  markConversationRead,
  receiveMessages,
  updateAgentConversation,
} from '../../../src/stores/agent-desk.ts';
import { chatMessage as message, conversationId } from '../../support/chat.ts';

const conversation = (id: string, unreadCount: number): AgentConversation => ({
  id,
  status: 'open',
  unreadCount,
  lastActivityAt: '2026-11-23T10:00:00.000Z',
  lastMessage: null,
  assignedAgentId: null,
  visitorEmail: null,
});
const messages = () => $agentDesk.get().messagesByConversation[conversationId] ?? [];
const listed = () => $agentConversations.get().page?.conversations ?? [];

beforeEach(() => {
  $agentDesk.setKey('messagesByConversation', {});
});

describe('agent thread messages (SPEC §3)', () => {
  it('keeps each conversation\'s messages once by id and polls on from the newest', () => {
    expect(lastMessageId(conversationId)).toBe(0);
    receiveMessages(conversationId, [message(1), message(2)]);
    receiveMessages(conversationId, [message(2), message(3), message(3)]);
    expect(messages().map((m) => m.id)).toEqual([1, 2, 3]);
    expect(lastMessageId(conversationId)).toBe(3);
    expect(lastMessageId('andere')).toBe(0);
  });
});

describe('agent conversations (SPEC §3)', () => {
  beforeEach(() => {
    $agentConversations.setKey('page', { conversations: [conversation('a', 2), conversation('b', 3)], currentPage: 2, totalPages: 4, totalConversations: 62, totalUnread: 9 });
  });

  it('holds the page with its pagination and the unread total', () => {
    expect(listed().map((c) => [c.id, c.unreadCount])).toEqual([
      ['a', 2],
      ['b', 3],
    ]);
    expect($agentConversations.get().page).toMatchObject({ currentPage: 2, totalPages: 4, totalConversations: 62 });
    expect($agentUnreadTotal.get()).toBe(9);
  });

  it('marking a conversation read sets its unread count to 0 and lowers the total', () => {
    markConversationRead('b');
    expect(listed().find((c) => c.id === 'b')?.unreadCount).toBe(0);
    expect($agentUnreadTotal.get()).toBe(6);
  });

  it('an updated conversation replaces the listed one', () => {
    updateAgentConversation({ ...conversation('a', 5), status: 'closed' });
    expect(listed()[0]).toMatchObject({ id: 'a', status: 'closed', unreadCount: 5 });
    expect($agentUnreadTotal.get()).toBe(12);
  });
});
