import type { VisitorMessagesPage } from '../../src/lib/chat/types.ts';
import { ChatMessageInputSchema } from '../../src/lib/schemas/chat.ts';
import { afterParam, conversationIdParam } from '../../src/server/chat/params.ts';
import { agentsAvailable } from '../../src/server/chat/presence.ts';
import { chatOwner, keepChatVisitor, limitVisitorMessages, readOwnMessages, sendVisitorMessage } from '../../src/server/chat/visitor-chat.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * The messages of one of the visitor's own conversations; any other conversation is 404.
 * GET ?after=<last id> → { status, messages, hasMore, agentsAvailable }: the chat polls with its last id.
 * POST { text, tempId } → 201 { message }; a repeated tempId answers 200 with the stored message.
 */
export default endpoint({
  GET: async (ctx) => {
    const db = await getDb();
    const id = conversationIdParam(ctx.params);
    const after = afterParam(ctx.url);
    const page = await readOwnMessages(db, await chatOwner(db, ctx), id, after);
    return json({ ...page, agentsAvailable: await agentsAvailable(db) } satisfies VisitorMessagesPage);
  },
  POST: async (ctx) => {
    const db = await getDb();
    const id = conversationIdParam(ctx.params);
    const owner = await chatOwner(db, ctx);
    await limitVisitorMessages(ctx, owner);
    const input = await ctx.body(ChatMessageInputSchema);
    const { message, created } = await sendVisitorMessage(db, owner, id, input);
    keepChatVisitor(ctx, owner);
    return json({ message }, { status: created ? 201 : 200 });
  },
});

export const config = { path: '/api/chat/conversations/:id/messages' };
