import {
  AGENT_CONVERSATIONS_PAGE_SIZE,
  chatMessages,
  type ChatMessageInput,
  type ConversationChange,
  type ConversationStatus,
} from '../../lib/schemas/chat.ts';
import type { AgentConversation, AgentConversationPage } from '../../lib/chat/types.ts';
import type { Db, Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueVisitorMail } from '../mail/index.ts';
import { addMessage, MESSAGE_COLUMNS, messagesAfter, toChatMessage, type ChatMessage, type MessageRow } from './messages.ts';
import { chatReplyMail } from './reply-mail.ts';

export type { AgentConversation, AgentConversationPage };

interface ConversationRow {
  id: string;
  status: ConversationStatus;
  agent_unread_count: number;
  last_activity_at: Date | string;
  assigned_agent_id: string | null;
  visitor_email: string | null;
}

const CONVERSATION_COLUMNS = 'c.id, c.status, c.agent_unread_count, c.last_activity_at, c.assigned_agent_id, c.visitor_email';

function toAgentConversation(row: ConversationRow, lastMessage: ChatMessage | null): AgentConversation {
  return {
    id: row.id,
    status: row.status,
    unreadCount: row.agent_unread_count,
    lastActivityAt: new Date(row.last_activity_at).toISOString(),
    lastMessage,
    assignedAgentId: row.assigned_agent_id,
    visitorEmail: row.visitor_email,
  };
}

/**
 * One page of all conversations, newest activity first. A page beyond the last is empty but
 * carries the real totals, so the dashboard can step back; there is always at least one page.
 */
export async function listConversations(db: Queryable, page: number): Promise<AgentConversationPage> {
  const totals = await db.query<{ total: number; unread: number }>(
    'SELECT count(*)::int AS total, coalesce(sum(agent_unread_count), 0)::int AS unread FROM chat_conversations',
  );
  const totalConversations = totals.rows[0]?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalConversations / AGENT_CONVERSATIONS_PAGE_SIZE));
  const base = { currentPage: page, totalPages, totalConversations, totalUnread: totals.rows[0]?.unread ?? 0 };
  if (page > totalPages) return { conversations: [], ...base };

  const { rows } = await db.query<ConversationRow & { message_id: string | null } & Omit<MessageRow, 'id' | 'conversation_id'>>(
    `SELECT ${CONVERSATION_COLUMNS}, m.id AS message_id, m.author, m.text, m.temp_id, m.created_at
     FROM chat_conversations c
     LEFT JOIN LATERAL (
       SELECT id::text AS id, author, text, temp_id, created_at FROM chat_messages WHERE conversation_id = c.id ORDER BY chat_messages.id DESC LIMIT 1
     ) m ON true
     ORDER BY c.last_activity_at DESC, c.id DESC
     LIMIT $1 OFFSET $2`,
    [AGENT_CONVERSATIONS_PAGE_SIZE, (page - 1) * AGENT_CONVERSATIONS_PAGE_SIZE],
  );
  const conversations = rows.map((row) =>
    toAgentConversation(
      row,
      row.message_id === null
        ? null
        : toChatMessage({ id: row.message_id, conversation_id: row.id, author: row.author, text: row.text, temp_id: row.temp_id, created_at: row.created_at }),
    ),
  );
  return { conversations, ...base };
}

async function conversationRow(db: Queryable, id: string, lock = false): Promise<ConversationRow> {
  const { rows } = await db.query<ConversationRow>(`SELECT ${CONVERSATION_COLUMNS} FROM chat_conversations c WHERE c.id = $1${lock ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
  if (!rows[0]) throw new HttpError(404, chatMessages.conversationNotFound);
  return rows[0];
}

async function lastMessageOf(db: Queryable, conversationId: string): Promise<ChatMessage | null> {
  const { rows } = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE conversation_id = $1 ORDER BY chat_messages.id DESC LIMIT 1`, [
    conversationId,
  ]);
  return rows[0] ? toChatMessage(rows[0]) : null;
}

async function withLastMessage(db: Queryable, row: ConversationRow): Promise<AgentConversation> {
  return toAgentConversation(row, await lastMessageOf(db, row.id));
}

/** The messages of any conversation after the cursor, for the agent who opened it. */
export async function readConversation(db: Queryable, id: string, after: number): Promise<{ conversation: AgentConversation; messages: ChatMessage[]; hasMore: boolean }> {
  const row = await conversationRow(db, id);
  return { conversation: await withLastMessage(db, row), ...(await messagesAfter(db, id, after)) };
}

/** Opening a conversation marks it read for the whole team (unread count 0). */
export async function markRead(db: Queryable, id: string): Promise<AgentConversation> {
  const { rows } = await db.query<ConversationRow>(
    `UPDATE chat_conversations c SET agent_unread_count = 0 WHERE c.id = $1 RETURNING ${CONVERSATION_COLUMNS}`,
    [id],
  );
  if (!rows[0]) throw new HttpError(404, chatMessages.conversationNotFound);
  return withLastMessage(db, rows[0]);
}

/**
 * An agent's reply. It moves the conversation up and, when nobody is assigned yet, assigns the
 * replying agent, so two agents do not answer the same visitor unknowingly. When the visitor left
 * an address, the reply is mailed as well (every new reply, decision 0018), queued in the same
 * transaction so a stored reply and its mail exist together; `origin` makes the link to /chat.
 * The queued mail's id comes back for the caller to deliver after its answer.
 */
export async function sendAgentMessage(
  db: Db,
  agentId: string,
  id: string,
  input: ChatMessageInput,
  origin: string,
): Promise<{ message: ChatMessage; created: boolean; mailId: number | null }> {
  return db.transaction(async (tx) => {
    const conversation = await conversationRow(tx, id, true);
    const added = await addMessage(tx, id, 'agent', agentId, input);
    if (!added.created) return { ...added, mailId: null };
    await tx.query('UPDATE chat_conversations SET last_activity_at = now(), assigned_agent_id = coalesce(assigned_agent_id, $2) WHERE id = $1', [
      id,
      agentId,
    ]);
    // The visitor typed the address: the replies count against its daily cap (docs/decisions/0040).
    const mailId = conversation.visitor_email === null ? null : await enqueueVisitorMail(tx, chatReplyMail(conversation.visitor_email, added.message.text, origin));
    return { ...added, mailId };
  });
}

/** Close/reopen and (un)assign. Only agents can be assigned. */
export async function changeConversation(db: Db, id: string, change: ConversationChange): Promise<AgentConversation> {
  return db.transaction(async (tx) => {
    const current = await conversationRow(tx, id, true);
    if (change.assignedAgentId) {
      const agent = await tx.query("SELECT 1 FROM users WHERE id = $1 AND user_type = 'agent'", [change.assignedAgentId]);
      if (agent.rows.length === 0) throw new HttpError(400, chatMessages.agentInvalid, { assignedAgentId: chatMessages.agentInvalid });
    }
    const { rows } = await tx.query<ConversationRow>(
      `UPDATE chat_conversations c SET status = $2, assigned_agent_id = $3 WHERE c.id = $1 RETURNING ${CONVERSATION_COLUMNS}`,
      [id, change.status ?? current.status, change.assignedAgentId === undefined ? current.assigned_agent_id : change.assignedAgentId],
    );
    return withLastMessage(tx, rows[0]!);
  });
}
