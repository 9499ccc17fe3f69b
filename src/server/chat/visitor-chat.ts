import { env } from '../env.ts';
import type { VisitorConversation } from '../../lib/chat/types.ts';
import { chatMessages, type ChatMessageInput, type ConversationStatus } from '../../lib/schemas/chat.ts';
import { SESSION_COOKIE, sessionUser } from '../auth/session.ts';
import type { Db, Queryable } from '../db/index.ts';
import { requireVisitor, visitorCookie } from '../http/csrf.ts';
import type { RequestContext } from '../http/endpoint.ts';
import { HttpError } from '../http/errors.ts';
import { addMessage, messagesAfter, type ChatMessage } from './messages.ts';

/**
 * Who is chatting: a logged-in customer by account, else the anonymous visitor by the HttpOnly
 * visitor_id cookie (the one the CSRF token is bound to; see docs/decisions/0017-chat.md).
 */
export interface ChatOwner {
  visitorId: string;
  userId: string | null;
}

export type { VisitorConversation };

interface ConversationRow {
  id: string;
  status: ConversationStatus;
  last_activity_at: Date | string;
  visitor_email: string | null;
}

const CONVERSATION_COLUMNS = 'c.id, c.status, c.last_activity_at, c.visitor_email';

function toConversation(row: ConversationRow): VisitorConversation {
  return { id: row.id, status: row.status, lastActivityAt: new Date(row.last_activity_at).toISOString(), visitorEmail: row.visitor_email };
}

/** SQL condition "the conversation `c` belongs to the owner in $1 (user) / $2 (visitor)". */
const OWNED = '(CASE WHEN $1::uuid IS NULL THEN c.visitor_id = $2 ELSE c.user_id = $1::uuid END)';

/**
 * A logged-in customer takes over the conversations they started anonymously in this browser
 * (issue 11: "their anonymous conversation joins the account on login"). Run before every
 * owner lookup, so it also covers conversations started in another tab before the login.
 */
async function adoptAnonymousConversations(db: Queryable, owner: ChatOwner): Promise<void> {
  if (owner.userId === null) return;
  // The cookie is dropped from the conversation: from now on only the account reaches it.
  await db.query('UPDATE chat_conversations SET user_id = $1, visitor_id = NULL WHERE visitor_id = $2', [owner.userId, owner.visitorId]);
}

/** The owner's conversation (row-locked when asked); a foreign or unknown one is 404. */
async function ownConversation(db: Queryable, owner: ChatOwner, conversationId: string, lock: boolean): Promise<ConversationRow> {
  await adoptAnonymousConversations(db, owner);
  const { rows } = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} FROM chat_conversations c WHERE c.id = $3 AND ${OWNED}${lock ? ' FOR UPDATE' : ''}`,
    [owner.userId, owner.visitorId, conversationId],
  );
  if (!rows[0]) throw new HttpError(404, chatMessages.conversationNotFound);
  return rows[0];
}

/** The owner's conversations, newest activity first: what a reloaded chat continues with. */
export async function listOwnConversations(db: Db, owner: ChatOwner): Promise<VisitorConversation[]> {
  await adoptAnonymousConversations(db, owner);
  const { rows } = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} FROM chat_conversations c WHERE ${OWNED} ORDER BY c.last_activity_at DESC, c.id DESC`,
    [owner.userId, owner.visitorId],
  );
  return rows.map(toConversation);
}

/** A visitor message counts as unread for the agents, moves the conversation up and reopens it. */
async function recordVisitorMessage(db: Queryable, conversationId: string): Promise<ConversationRow> {
  const { rows } = await db.query<ConversationRow>(
    `UPDATE chat_conversations c SET agent_unread_count = agent_unread_count + 1, last_activity_at = now(), status = 'open'
     WHERE c.id = $1 RETURNING ${CONVERSATION_COLUMNS}`,
    [conversationId],
  );
  return rows[0]!;
}

/**
 * Starts a conversation with its first message. A repeated start with the same tempId (a
 * retry after a lost answer, a double click) finds the conversation it started before: the
 * owner's starts run one at a time under an advisory lock, so even concurrent ones make one.
 */
export async function startConversation(
  db: Db,
  owner: ChatOwner,
  input: ChatMessageInput,
): Promise<{ conversation: VisitorConversation; message: ChatMessage; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('chat-start:' || $1))", [owner.userId ?? owner.visitorId]);
    await adoptAnonymousConversations(tx, owner);
    if (input.tempId !== undefined) {
      const { rows } = await tx.query<{ id: string }>(
        `SELECT c.id FROM chat_conversations c JOIN chat_messages m ON m.conversation_id = c.id
         WHERE m.temp_id = $3 AND m.author = 'visitor' AND ${OWNED}`,
        [owner.userId, owner.visitorId, input.tempId],
      );
      const earlier = rows[0];
      if (earlier) {
        const conversation = await ownConversation(tx, owner, earlier.id, false);
        const { message } = await addMessage(tx, earlier.id, 'visitor', null, input);
        return { conversation: toConversation(conversation), message, created: false };
      }
    }
    const { rows } = await tx.query<{ id: string }>('INSERT INTO chat_conversations (visitor_id, user_id) VALUES ($1, $2) RETURNING id', [
      owner.userId === null ? owner.visitorId : null,
      owner.userId,
    ]);
    const id = rows[0]!.id;
    const { message } = await addMessage(tx, id, 'visitor', null, input);
    return { conversation: toConversation(await recordVisitorMessage(tx, id)), message, created: true };
  });
}

/** The owner's messages after the cursor, with the conversation's status (closed chats say so). */
export async function readOwnMessages(
  db: Db,
  owner: ChatOwner,
  conversationId: string,
  after: number,
): Promise<{ status: ConversationStatus; messages: ChatMessage[]; hasMore: boolean }> {
  const conversation = await ownConversation(db, owner, conversationId, false);
  return { status: conversation.status, ...(await messagesAfter(db, conversationId, after)) };
}

/** A visitor message in the owner's conversation; a repeated tempId returns the stored one. */
export async function sendVisitorMessage(
  db: Db,
  owner: ChatOwner,
  conversationId: string,
  input: ChatMessageInput,
): Promise<{ message: ChatMessage; created: boolean }> {
  return db.transaction(async (tx) => {
    await ownConversation(tx, owner, conversationId, true);
    const result = await addMessage(tx, conversationId, 'visitor', null, input);
    if (result.created) await recordVisitorMessage(tx, conversationId);
    return result;
  });
}

/**
 * Sets where the agents' replies to the owner's conversation are mailed (offline path, decision
 * 0018). A second call replaces the address: the visitor may correct a typo.
 */
export async function setVisitorEmail(db: Db, owner: ChatOwner, conversationId: string, email: string): Promise<VisitorConversation> {
  return db.transaction(async (tx) => {
    await ownConversation(tx, owner, conversationId, true);
    const { rows } = await tx.query<ConversationRow>(
      `UPDATE chat_conversations c SET visitor_email = $2 WHERE c.id = $1 RETURNING ${CONVERSATION_COLUMNS}`,
      [conversationId, email],
    );
    return toConversation(rows[0]!);
  });
}

/** The owner of a request: the browser fetched its visitor cookie before its first chat request. */
export async function chatOwner(db: Queryable, ctx: Pick<RequestContext, 'cookies'>): Promise<ChatOwner> {
  const visitorId = requireVisitor(ctx.cookies, env().appSecret);
  const user = await sessionUser(db, ctx.cookies.get(SESSION_COOKIE));
  return { visitorId, userId: user?.userId ?? null };
}

/**
 * An anonymous conversation is bound to the visitor cookie, which otherwise ends with the browser
 * session: each message the visitor writes keeps it for 30 days more, so a visitor who comes back
 * within that time still finds the conversation and its replies (decision 0035, /datenschutz).
 */
export const CHAT_VISITOR_SECONDS = 30 * 24 * 60 * 60;

export function keepChatVisitor(ctx: Pick<RequestContext, 'setCookie' | 'secure'>, owner: ChatOwner): void {
  ctx.setCookie(visitorCookie(env().appSecret, owner.visitorId, ctx.secure, CHAT_VISITOR_SECONDS));
}

/** Counts a change of the reply address against its limit (429 when over). */
export async function limitVisitorEmails(ctx: Pick<RequestContext, 'rateLimit'>, owner: ChatOwner): Promise<void> {
  await ctx.rateLimit('chat-email', owner.userId ?? owner.visitorId);
}

/** Counts a visitor message per sender and per client (429 when over). */
export async function limitVisitorMessages(ctx: Pick<RequestContext, 'rateLimit'>, owner: ChatOwner): Promise<void> {
  await ctx.rateLimit('chat-message', owner.userId ?? owner.visitorId);
  await ctx.rateLimit('chat-message-ip');
}
