import type { VisitorMessagesPage } from '../../src/lib/chat/types.ts';
import { chatSend, chatThread } from '../../src/features/chat/routes.ts';
import {
  chatOwner,
  keepChatVisitor,
  limitVisitorMessages,
  pollOwnMessages,
  sendVisitorMessage,
  visitorMessageHits,
} from '../../src/server/chat/visitor-chat.ts';
import { SESSION_COOKIE } from '../../src/server/auth/session.ts';
import { env } from '../../src/server/env.ts';
import { requireVisitor } from '../../src/server/http/csrf.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * The messages of one of the visitor's own conversations; any other conversation is 404.
 * GET ?after=<last id> → { status, messages, hasMore, agentsAvailable }: the chat polls with its last id.
 * POST { text, tempId } → 201 { message }; a repeated tempId answers 200 with the stored message.
 */
export default endpoint([
  on(chatThread, async (ctx) => {
    const { id } = ctx.params;
    const { after } = ctx.query;
    const visitorId = requireVisitor(ctx.cookies, env().appSecret);
    const page = await pollOwnMessages(await getDb(), visitorId, ctx.cookies.get(SESSION_COOKIE), id, after);
    return json(page satisfies VisitorMessagesPage);
  }),
  on(chatSend, async (ctx) => {
    const db = await getDb();
    const { id } = ctx.params;
    const owner = await chatOwner(db, ctx);
    const input = await ctx.body().catch(async (error: unknown) => {
      // A refused body counts against the limits all the same, and a sender over them hears 429 first.
      await limitVisitorMessages(ctx, owner);
      throw error;
    });
    // The limits are counted in the message's own statement: one round trip (two with a session).
    const { message, created } = await sendVisitorMessage(db, owner, id, input, visitorMessageHits(ctx, owner));
    keepChatVisitor(ctx, owner);
    return json({ message }, { status: created ? 201 : 200 });
  }),
]);

export const config = { path: '/api/chat/conversations/:id/messages' };
