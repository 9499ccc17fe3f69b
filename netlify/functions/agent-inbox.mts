import { agentInbox } from '../../src/features/agent-desk/routes.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { listInbox } from '../../src/server/inbox/inbox.ts';

/**
 * GET /api/agent/inbox?type=&status=&page= (agents only: 401/403): everything the site received
 * besides chats, newest first, 20 a page → { items, currentPage, totalPages, totalItems, newCounts }.
 */
export default endpoint([
  on(agentInbox, async (ctx) => {
    await requireAgent(ctx);
    return json(await listInbox(await getDb(), ctx.query));
  }),
]);

export const config = { path: '/api/agent/inbox' };
