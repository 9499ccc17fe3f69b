import { apiFetch } from './api.ts';
import type { ChatMessage, VisitorConversation, VisitorConversationList, VisitorMessagesPage } from '../lib/chat/types.ts';

/** The visitor side of the chat API (docs/decisions/0017-chat.md, 0018-chat-offline-mail.md). */

export function fetchOwnConversations(): Promise<VisitorConversationList> {
  return apiFetch<VisitorConversationList>('/api/chat/conversations');
}

/** POST /api/chat/conversations: the first message names the conversation. */
export function postConversation(text: string, tempId: string): Promise<{ conversation: VisitorConversation; message: ChatMessage }> {
  return apiFetch('/api/chat/conversations', { method: 'POST', json: { text, tempId } });
}

const messagesPath = (conversationId: string) => `/api/chat/conversations/${encodeURIComponent(conversationId)}/messages`;

export function fetchOwnMessages(conversationId: string, after: number): Promise<VisitorMessagesPage> {
  return apiFetch<VisitorMessagesPage>(`${messagesPath(conversationId)}?after=${after}`);
}

export function postMessage(conversationId: string, text: string, tempId: string): Promise<{ message: ChatMessage }> {
  return apiFetch(messagesPath(conversationId), { method: 'POST', json: { text, tempId } });
}

export function saveReplyEmail(conversationId: string, email: string): Promise<{ conversation: VisitorConversation }> {
  return apiFetch(`/api/chat/conversations/${encodeURIComponent(conversationId)}/email`, { method: 'PUT', json: { email } });
}
