import { chatReplyEmail } from '../../src/features/chat/routes.ts';
import { chatOwner, limitVisitorEmails, setVisitorEmail } from '../../src/server/chat/visitor-chat.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * The address the agents' replies to one of the visitor's own conversations are mailed to while
 * nobody is online (issue 11, docs/decisions/0018-chat-offline-mail.md); others are 404.
 * PUT { email } → 200 { conversation }; a second PUT replaces the address.
 */
export default endpoint([
  on(chatReplyEmail, async (ctx) => {
    const db = await getDb();
    const { id } = ctx.params;
    const owner = await chatOwner(db, ctx);
    await limitVisitorEmails(ctx, owner);
    const { email } = await ctx.body();
    return json({ conversation: await setVisitorEmail(db, owner, id, email) });
  }),
]);

export const config = { path: '/api/chat/conversations/:id/email' };
