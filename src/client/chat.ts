import type { ChatMessage, VisitorConversation, VisitorConversationList, VisitorMessagesPage } from '../lib/chat/types.ts';
import { chatConversations, chatReplyEmail, chatSend, chatStart, chatThread } from '../features/chat/routes.ts';
import { api } from './api.ts';

/** The visitor side of the chat API (docs/decisions/0017-chat.md, 0018-chat-offline-mail.md). */

export function fetchOwnConversations(): Promise<VisitorConversationList> {
  return api(chatConversations);
}

/** The first message names the conversation. */
export function postConversation(text: string, tempId: string): Promise<{ conversation: VisitorConversation; message: ChatMessage }> {
  return api(chatStart, { body: { text, tempId } });
}

export function fetchOwnMessages(conversationId: string, after: number): Promise<VisitorMessagesPage> {
  return api(chatThread, { params: { id: conversationId }, query: { after: String(after) } });
}

export function postMessage(conversationId: string, text: string, tempId: string): Promise<{ message: ChatMessage }> {
  return api(chatSend, { params: { id: conversationId }, body: { text, tempId } });
}

export function saveReplyEmail(conversationId: string, email: string): Promise<{ conversation: VisitorConversation }> {
  return api(chatReplyEmail, { params: { id: conversationId }, body: { email } });
}
