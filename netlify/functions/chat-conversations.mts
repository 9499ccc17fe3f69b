import type { VisitorConversationList } from '../../src/lib/chat/types.ts';
import { chatConversations, chatStart } from '../../src/features/chat/routes.ts';
import { agentsAvailable } from '../../src/server/chat/presence.ts';
import { chatOwner, keepChatVisitor, limitVisitorMessages, listOwnConversations, startConversation } from '../../src/server/chat/visitor-chat.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * The visitor's conversations (anonymous by cookie, customers by account).
 * GET → { conversations: [{ id, status, lastActivityAt, visitorEmail }], agentsAvailable }, newest
 * first: a reloaded chat continues there; without an agent active for 5 minutes it offers the e-mail path.
 * POST { text, tempId } starts one with its first message → 201 { conversation, message };
 * the same tempId again answers 200 with the conversation it started.
 */
export default endpoint([
  on(chatConversations, async (ctx) => {
    const db = await getDb();
    const conversations = await listOwnConversations(db, await chatOwner(db, ctx));
    return json({ conversations, agentsAvailable: await agentsAvailable(db) } satisfies VisitorConversationList);
  }),
  on(chatStart, async (ctx) => {
    const db = await getDb();
    const owner = await chatOwner(db, ctx);
    await limitVisitorMessages(ctx, owner);
    const input = await ctx.body();
    const { conversation, message, created } = await startConversation(db, owner, input);
    keepChatVisitor(ctx, owner);
    return json({ conversation, message }, { status: created ? 201 : 200 });
  }),
]);

export const config = { path: '/api/chat/conversations' };
