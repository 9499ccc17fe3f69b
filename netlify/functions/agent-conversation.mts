import { agentConversationChange } from '../../src/features/agent-desk/routes.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { changeConversation } from '../../src/server/chat/agent-chat.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * PATCH /api/agent/conversations/:id { status?, assignedAgentId? } (agents only): close, reopen,
 * assign to an agent or unassign (null) → { conversation }.
 */
export default endpoint([
  on(agentConversationChange, async (ctx) => {
    await requireAgent(ctx);
    const change = await ctx.body();
    return json({ conversation: await changeConversation(await getDb(), ctx.params.id, change) });
  }),
]);

export const config = { path: '/api/agent/conversations/:id' };
