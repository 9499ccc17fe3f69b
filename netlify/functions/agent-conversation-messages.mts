import { agentReply, agentThread } from '../../src/features/agent-desk/routes.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { readConversation, sendAgentMessage } from '../../src/server/chat/agent-chat.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { publicOrigin } from '../../src/server/http/public-origin.ts';
import { json } from '../../src/server/http/respond.ts';
import { deliverMail } from '../../src/server/mail/index.ts';

/**
 * The messages of any conversation, for agents only (401/403).
 * GET ?after= → { conversation, messages, hasMore }; reading does not mark it read (POST …/read does).
 * POST { text, tempId } → 201 { message }; a repeated tempId answers 200 with the stored message.
 * The reply's mail to a visitor who left an address is delivered after the answer.
 */
export default endpoint([
  on(agentThread, async (ctx) => {
    await requireAgent(ctx);
    return json(await readConversation(await getDb(), ctx.params.id, ctx.query.after));
  }),
  on(agentReply, async (ctx) => {
    const agent = await requireAgent(ctx);
    const { id } = ctx.params;
    const input = await ctx.body();
    const db = await getDb();
    const { message, created, mailId } = await sendAgentMessage(db, agent.userId, id, input, publicOrigin());
    // The agent does not wait for the mail server; the reply is stored either way, and a failed
    // delivery stays in the outbox for a retry.
    if (mailId !== null) ctx.afterResponse(() => deliverMail(db, [mailId]));
    return json({ message }, { status: created ? 201 : 200 });
  }),
]);

export const config = { path: '/api/agent/conversations/:id/messages' };
