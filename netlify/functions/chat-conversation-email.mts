import { ChatEmailInputSchema } from '../../src/lib/schemas/chat.ts';
import { conversationIdParam } from '../../src/server/chat/params.ts';
import { chatOwner, limitVisitorEmails, setVisitorEmail } from '../../src/server/chat/visitor-chat.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * The address the agents' replies to one of the visitor's own conversations are mailed to while
 * nobody is online (issue 11, docs/decisions/0018-chat-offline-mail.md); others are 404.
 * PUT { email } → 200 { conversation }; a second PUT replaces the address.
 */
export default endpoint({
  PUT: async (ctx) => {
    const db = await getDb();
    const id = conversationIdParam(ctx.params);
    const owner = await chatOwner(db, ctx);
    await limitVisitorEmails(ctx, owner);
    const { email } = await ctx.body(ChatEmailInputSchema);
    return json({ conversation: await setVisitorEmail(db, owner, id, email) });
  },
});

export const config = { path: '/api/chat/conversations/:id/email' };
