import { env } from '../env.ts';
import type { VisitorConversation } from '../../lib/chat/types.ts';
import { chatMessages, type ChatMessageInput, type ConversationStatus } from '../../lib/schemas/chat.ts';
import { liveSessionSql, SESSION_COOKIE, sessionUser } from '../auth/session.ts';
import { tokenHash } from '../auth/tokens.ts';
import type { Db, Queryable } from '../db/index.ts';
import { SqlParams } from '../db/sql-params.ts';
import { requireVisitor, visitorCookie } from '../http/csrf.ts';
import type { RequestContext } from '../http/endpoint.ts';
import { HttpError } from '../http/errors.ts';
import { assertAdmitted, rateLimitSql, type RateLimitColumns, type RateLimitHit } from '../rate-limit.ts';
import { addMessage, MESSAGE_COLUMNS, MESSAGES_PER_POLL, toChatMessage, type ChatMessage, type MessageRow } from './messages.ts';
import { agentsAvailableSql } from './presence.ts';

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

/** What a visitor's poll answers: the conversation's status (closed chats say so), its news and whether an agent is there. */
export interface PolledMessages {
  status: ConversationStatus;
  messages: ChatMessage[];
  hasMore: boolean;
  agentsAvailable: boolean;
}

/**
 * The owner's messages after the cursor, in one statement that only reads (issue 22: the chat
 * polls every few seconds). The session is looked up without sliding its idle limit, and a
 * conversation still bound to this browser's visitor cookie is the logged-in customer's as well,
 * without adopting it here: a poll is no use of the site and changes nothing (decision 0044).
 * A foreign or unknown conversation is 404.
 */
export async function pollOwnMessages(
  db: Queryable,
  visitorId: string,
  sessionToken: string | undefined,
  conversationId: string,
  after: number,
  now: Date = new Date(),
): Promise<PolledMessages> {
  const { rows } = await db.query<MessageRow & { status: ConversationStatus; agents_available: boolean; seq: string | null }>(
    `WITH owner AS (SELECT s.user_id FROM sessions s WHERE ${liveSessionSql('$1', '$2')}),
     conv AS (SELECT c.id, c.status FROM chat_conversations c
              WHERE c.id = $3 AND (c.visitor_id = $4 OR c.user_id = (SELECT user_id FROM owner)))
     SELECT conv.status, ${agentsAvailableSql('$2')} AS agents_available, m.*
     FROM conv LEFT JOIN LATERAL (
       SELECT chat_messages.id AS seq, ${MESSAGE_COLUMNS} FROM chat_messages
       WHERE conversation_id = conv.id AND chat_messages.id > $5 ORDER BY chat_messages.id LIMIT $6) m ON true
     ORDER BY m.seq`,
    [sessionToken === undefined ? null : tokenHash(sessionToken), now, conversationId, visitorId, after, MESSAGES_PER_POLL + 1],
  );
  const first = rows[0];
  if (!first) throw new HttpError(404, chatMessages.conversationNotFound);
  const found = rows.filter((row) => row.seq !== null);
  return {
    status: first.status,
    messages: found.slice(0, MESSAGES_PER_POLL).map(toChatMessage),
    hasMore: found.length > MESSAGES_PER_POLL,
    agentsAvailable: first.agents_available,
  };
}

/**
 * A visitor message in the owner's conversation, with the request's rate-limit hits, in one
 * statement (issue 22): the hits decide first and a refused message changes nothing (429); the
 * conversation is row-locked and must be the owner's (404, also for a conversation still bound to
 * this browser's visitor cookie, as in pollOwnMessages); a repeated tempId returns the stored
 * message, and only a new one counts as unread, moves the conversation up, reopens it and, written
 * by a logged-in customer, joins it to the account. The
 * conflict arm takes the row lock of a concurrent duplicate and hands its row back (`xmax = 0`
 * tells a fresh insert from it), where a second statement would be needed to see a row this
 * statement's snapshot does not hold.
 */
export async function sendVisitorMessage(
  db: Queryable,
  owner: ChatOwner,
  conversationId: string,
  input: ChatMessageInput,
  limits: readonly RateLimitHit[],
): Promise<{ message: ChatMessage; created: boolean }> {
  const params = new SqlParams();
  const { ctes, admitted, columns } = rateLimitSql(params, limits, new Date());
  const conversation = params.add(conversationId);
  const user = params.add(owner.userId);
  const { rows } = await db.query<RateLimitColumns & { found: boolean } & Partial<MessageRow> & { created: boolean | null }>(
    `WITH ${[
      ...ctes,
      `conv AS (SELECT c.id FROM chat_conversations c
         WHERE ${admitted} AND c.id = ${conversation} AND (c.visitor_id = ${params.add(owner.visitorId)} OR c.user_id = ${user}::uuid)
         FOR UPDATE)`,
      `ins AS (INSERT INTO chat_messages (conversation_id, author, agent_id, text, temp_id)
         SELECT conv.id, 'visitor', NULL, ${params.add(input.text)}, ${params.add(input.tempId ?? null)} FROM conv
         ON CONFLICT (conversation_id, temp_id) WHERE temp_id IS NOT NULL
           DO UPDATE SET temp_id = excluded.temp_id WHERE chat_messages.author = 'visitor'
         RETURNING ${MESSAGE_COLUMNS}, xmax = 0 AS created)`,
      // A logged-in customer's message also takes the conversation over from the visitor cookie (adoptAnonymousConversations).
      `bump AS (UPDATE chat_conversations c SET agent_unread_count = agent_unread_count + 1, last_activity_at = now(), status = 'open',
           user_id = coalesce(${user}::uuid, c.user_id), visitor_id = CASE WHEN ${user}::uuid IS NULL THEN c.visitor_id END
         WHERE c.id = (SELECT conversation_id FROM ins WHERE created))`,
    ].join(',\n')}
     SELECT ${columns}, EXISTS (SELECT 1 FROM conv) AS found, ins.* FROM (SELECT 1) AS one LEFT JOIN ins ON true`,
    params.values,
  );
  const row = rows[0]!;
  assertAdmitted(row);
  if (!row.found) throw new HttpError(404, chatMessages.conversationNotFound);
  // The other side's message is never handed out as if it were the sender's own.
  if (row.created === null || row.created === undefined) throw new HttpError(409, chatMessages.tempIdTaken);
  return { message: toChatMessage(row as MessageRow), created: row.created };
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
const CHAT_VISITOR_SECONDS = 30 * 24 * 60 * 60;

export function keepChatVisitor(ctx: Pick<RequestContext, 'setCookie' | 'secure'>, owner: ChatOwner): void {
  ctx.setCookie(visitorCookie(env().appSecret, owner.visitorId, ctx.secure, CHAT_VISITOR_SECONDS));
}

/** Counts a change of the reply address against its limit (429 when over). */
export async function limitVisitorEmails(ctx: Pick<RequestContext, 'rateLimit'>, owner: ChatOwner): Promise<void> {
  await ctx.rateLimit('chat-email', owner.userId ?? owner.visitorId);
}

/** The hits a visitor message counts: per sender, then per client (the IP), since cookies can be dropped. */
export function visitorMessageHits(ctx: Pick<RequestContext, 'rateLimitHit'>, owner: ChatOwner): RateLimitHit[] {
  return [ctx.rateLimitHit('chat-message', owner.userId ?? owner.visitorId), ctx.rateLimitHit('chat-message-ip')];
}

/** Counts a visitor message per sender and per client (429 when over), in a round trip of its own. */
export async function limitVisitorMessages(ctx: Pick<RequestContext, 'rateLimit' | 'rateLimitHit'>, owner: ChatOwner): Promise<void> {
  for (const { name, key } of visitorMessageHits(ctx, owner)) await ctx.rateLimit(name, key);
}
