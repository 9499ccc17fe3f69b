import agentConversationMessages from '../../../netlify/functions/agent-conversation-messages.mts';
import agentConversationRead from '../../../netlify/functions/agent-conversation-read.mts';
import agentConversation from '../../../netlify/functions/agent-conversation.mts';
import agentConversations from '../../../netlify/functions/agent-conversations.mts';
import chatConversations from '../../../netlify/functions/chat-conversations.mts';
import chatMessages from '../../../netlify/functions/chat-messages.mts';
import login from '../../../netlify/functions/auth-login.mts';
import { registerUser } from '../../../src/server/auth/accounts.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { newAccount, post, primed } from '../auth/helpers.ts';
import type { Visitor } from '../http/visitor.ts';

export interface Message {
  id: number;
  conversationId: string;
  author: 'visitor' | 'agent';
  text: string;
  tempId: string | null;
  createdAt: string;
}

export interface AgentConversation {
  id: string;
  status: 'open' | 'closed';
  unreadCount: number;
  lastActivityAt: string;
  lastMessage: Message | null;
  assignedAgentId: string | null;
}

export interface AgentPage {
  conversations: AgentConversation[];
  currentPage: number;
  totalPages: number;
  totalConversations: number;
  totalUnread: number;
}

export const tempId = () => crypto.randomUUID();

/** Visitor side. */
export const startChat = (visitor: Visitor, body: unknown) => visitor.call(chatConversations, '/api/chat/conversations', { method: 'POST', json: body });
export const ownConversations = (visitor: Visitor) => visitor.call(chatConversations, '/api/chat/conversations');
export const sendMessage = (visitor: Visitor, id: string, body: unknown) =>
  visitor.call(chatMessages, `/api/chat/conversations/${id}/messages`, { method: 'POST', json: body, params: { id } });
export const readMessages = (visitor: Visitor, id: string, query = '') =>
  visitor.call(chatMessages, `/api/chat/conversations/${id}/messages${query}`, { params: { id } });

/** Starts a conversation and returns its id (fails the test on anything but 201). */
export async function conversationOf(visitor: Visitor, text = 'Hallo, ich habe eine Frage.'): Promise<string> {
  const response = await startChat(visitor, { text, tempId: tempId() });
  if (response.status !== 201) throw new Error(`start failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { conversation: { id: string } }).conversation.id;
}

/** Agent side. */
export const agentList = (visitor: Visitor, query = '') => visitor.call(agentConversations, `/api/agent/conversations${query}`);
export const agentRead = (visitor: Visitor, id: string) =>
  visitor.call(agentConversationRead, `/api/agent/conversations/${id}/read`, { method: 'POST', params: { id } });
export const agentMessages = (visitor: Visitor, id: string, query = '') =>
  visitor.call(agentConversationMessages, `/api/agent/conversations/${id}/messages${query}`, { params: { id } });
export const agentReply = (visitor: Visitor, id: string, body: unknown) =>
  visitor.call(agentConversationMessages, `/api/agent/conversations/${id}/messages`, { method: 'POST', json: body, params: { id } });
export const agentChange = (visitor: Visitor, id: string, body: unknown) =>
  visitor.call(agentConversation, `/api/agent/conversations/${id}`, { method: 'PATCH', json: body, params: { id } });

/** A support agent (accounts issue: agents are created on the server, never by registration), logged in. */
export async function loggedInAgent(): Promise<{ visitor: Visitor; userId: string }> {
  const account = newAccount();
  const userId = await registerUser(await getDb(), account, 'agent');
  const visitor = await primed();
  const response = await post(visitor, login, '/api/auth/login', { email: account.email, password: account.password });
  if (response.status !== 200) throw new Error(`agent login failed: ${response.status}`);
  return { visitor, userId };
}
