import { agentConversations } from '../../src/features/agent-desk/routes.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { listConversations } from '../../src/server/chat/agent-chat.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * GET /api/agent/conversations?page= (agents only: 401/403): all conversations, newest activity
 * first, 20 a page → { conversations, currentPage, totalPages, totalConversations, totalUnread }.
 */
export default endpoint([
  on(agentConversations, async (ctx) => {
    await requireAgent(ctx);
    return json(await listConversations(await getDb(), ctx.query.page));
  }),
]);

export const config = { path: '/api/agent/conversations' };
