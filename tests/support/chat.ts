import type { ChatMessage } from '../../src/lib/chat/types.ts';

/** The conversation the chat fixtures belong to. */
export const conversationId = 'c1';

/** A stored visitor message of that conversation, as the server answers it. */
export const chatMessage = (id: number, tempId: string | null = null, text = `Nachricht ${id}`): ChatMessage => ({
  id,
  conversationId,
  author: 'visitor',
  text,
  tempId,
  createdAt: '2026-11-23T10:00:00.000Z',
});
