import type { ConversationStatus } from '../schemas/chat.ts';

/** The JSON shapes of the chat API (docs/decisions/0017-chat.md), shared by server and islands. */

export type MessageAuthor = 'visitor' | 'agent';

/** A message as both sides receive it. The text is verbatim: clients show it as text, never as HTML. */
export interface ChatMessage {
  id: number;
  conversationId: string;
  author: MessageAuthor;
  text: string;
  tempId: string | null;
  createdAt: string;
}

/** A conversation as its visitor lists it. */
export interface VisitorConversation {
  id: string;
  status: ConversationStatus;
  lastActivityAt: string;
  /** The address the agents' replies are mailed to as well (offline path), or null. */
  visitorEmail: string | null;
}

/** GET /api/chat/conversations. */
export interface VisitorConversationList {
  conversations: VisitorConversation[];
  /** Whether an agent was active within the last 5 minutes (else the chat offers the e-mail path). */
  agentsAvailable: boolean;
}

/** GET /api/chat/conversations/:id/messages?after= */
export interface VisitorMessagesPage {
  status: ConversationStatus;
  messages: ChatMessage[];
  /** More than one poll's worth is waiting: poll again at once from the last id. */
  hasMore: boolean;
  agentsAvailable: boolean;
}

/** A conversation as the agent dashboard lists it. */
export interface AgentConversation {
  id: string;
  status: ConversationStatus;
  unreadCount: number;
  lastActivityAt: string;
  lastMessage: ChatMessage | null;
  assignedAgentId: string | null;
  /** The visitor's address for replies by e-mail (offline path), or null. */
  visitorEmail: string | null;
}

export interface AgentConversationPage {
  conversations: AgentConversation[];
  currentPage: number;
  totalPages: number;
  totalConversations: number;
  /** Unread visitor messages over all conversations: the dashboard's tab title shows it. */
  totalUnread: number;
}
