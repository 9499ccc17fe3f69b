import { agentAgents } from '../../src/features/agent-desk/routes.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { listAgents } from '../../src/server/inbox/agents.ts';

/** GET /api/agent/agents (agents only): { agents: [{ id, displayName }] } for assigning conversations. */
export default endpoint([
  on(agentAgents, async (ctx) => {
    await requireAgent(ctx);
    return json({ agents: await listAgents(await getDb()) });
  }),
]);

export const config = { path: '/api/agent/agents' };
