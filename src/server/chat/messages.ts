import type { ChatMessage, MessageAuthor } from '../../lib/chat/types.ts';
import type { ChatMessageInput } from '../../lib/schemas/chat.ts';
import { chatMessages } from '../../lib/schemas/chat.ts';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';

export type { ChatMessage, MessageAuthor };

export interface MessageRow {
  id: string;
  conversation_id: string;
  author: MessageAuthor;
  text: string;
  temp_id: string | null;
  created_at: Date | string;
}

/** The columns of a MessageRow; bigint as text, since drivers differ in how they return it. */
export const MESSAGE_COLUMNS = 'id::text AS id, conversation_id, author, text, temp_id, created_at';

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: Number(row.id),
    conversationId: row.conversation_id,
    author: row.author,
    text: row.text,
    tempId: row.temp_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** At most this many messages per poll; a client behind keeps polling from the last id it got. */
export const MESSAGES_PER_POLL = 100;

/** Messages of a conversation with an id above `after`, oldest first. */
export async function messagesAfter(db: Queryable, conversationId: string, after: number): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE conversation_id = $1 AND id > $2 ORDER BY chat_messages.id LIMIT $3`,
    [conversationId, after, MESSAGES_PER_POLL + 1],
  );
  return { messages: rows.slice(0, MESSAGES_PER_POLL).map(toChatMessage), hasMore: rows.length > MESSAGES_PER_POLL };
}

/**
 * Stores a message unless the same conversation already has one with this tempId (a retried
 * or doubled send): then that message is returned and `created` is false. The unique index on
 * (conversation_id, temp_id) decides, so concurrent duplicates store exactly one row.
 */
export async function addMessage(
  db: Queryable,
  conversationId: string,
  author: MessageAuthor,
  agentId: string | null,
  input: ChatMessageInput,
): Promise<{ message: ChatMessage; created: boolean }> {
  const tempId = input.tempId ?? null;
  const inserted = await db.query<MessageRow>(
    `INSERT INTO chat_messages (conversation_id, author, agent_id, text, temp_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (conversation_id, temp_id) WHERE temp_id IS NOT NULL DO NOTHING
     RETURNING ${MESSAGE_COLUMNS}`,
    [conversationId, author, agentId, input.text, tempId],
  );
  if (inserted.rows[0]) return { message: toChatMessage(inserted.rows[0]), created: true };
  const existing = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE conversation_id = $1 AND temp_id = $2`, [
    conversationId,
    tempId,
  ]);
  const row = existing.rows[0];
  // The other side's message is never handed out as if it were the sender's own.
  if (!row || row.author !== author) throw new HttpError(409, chatMessages.tempIdTaken);
  return { message: toChatMessage(row), created: false };
}
