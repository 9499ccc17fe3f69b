import { agentConversationRead } from '../../src/features/agent-desk/routes.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { markRead } from '../../src/server/chat/agent-chat.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/** POST /api/agent/conversations/:id/read (agents only): unread count 0 → { conversation }. */
export default endpoint([
  on(agentConversationRead, async (ctx) => {
    await requireAgent(ctx);
    return json({ conversation: await markRead(await getDb(), ctx.params.id) });
  }),
]);

export const config = { path: '/api/agent/conversations/:id/read' };
