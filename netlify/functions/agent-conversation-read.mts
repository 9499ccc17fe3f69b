import { requireAgent } from '../../src/server/auth/guard.ts';
import { markRead } from '../../src/server/chat/agent-chat.ts';
import { conversationIdParam } from '../../src/server/chat/params.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/** POST /api/agent/conversations/:id/read (agents only): unread count 0 → { conversation }. */
export default endpoint({
  POST: async (ctx) => {
    await requireAgent(ctx);
    const id = conversationIdParam(ctx.params);
    return json({ conversation: await markRead(await getDb(), id) });
  },
});

export const config = { path: '/api/agent/conversations/:id/read' };
