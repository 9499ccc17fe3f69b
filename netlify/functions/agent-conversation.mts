import { ConversationChangeSchema } from '../../src/lib/schemas/chat.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { changeConversation } from '../../src/server/chat/agent-chat.ts';
import { conversationIdParam } from '../../src/server/chat/params.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * PATCH /api/agent/conversations/:id { status?, assignedAgentId? } (agents only): close, reopen,
 * assign to an agent or unassign (null) → { conversation }.
 */
export default endpoint({
  PATCH: async (ctx) => {
    await requireAgent(ctx);
    const id = conversationIdParam(ctx.params);
    const change = await ctx.body(ConversationChangeSchema);
    return json({ conversation: await changeConversation(await getDb(), id, change) });
  },
});

export const config = { path: '/api/agent/conversations/:id' };
