import { agentInboxAction } from '../../src/features/agent-desk/routes.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { applyInboxAction } from '../../src/server/inbox/actions.ts';

/**
 * PATCH /api/agent/inbox/:type/:id (agents only) with one action → { item }:
 * { action: 'setStatus', status } for every type, { action: 'markPaid' } for orders,
 * { action: 'processCancellation', endDate, note? } for cancellations (ends the matched contract,
 * sends the confirmation mail; an end other than the computed one needs the note), and for an
 * order we review { action: 'acceptOrder' } or { action: 'rejectOrder', reason } (decision 0053).
 */
export default endpoint([
  on(agentInboxAction, async (ctx) => {
    const agent = await requireAgent(ctx);
    const { type, id } = ctx.params;
    const action = await ctx.body();
    // An order decision's mail and first invoice follow the answer, so the agent does not wait for them.
    return json({ item: await applyInboxAction(await getDb(), type, id, action, agent.userId, ctx.afterResponse) });
  }),
]);

export const config = { path: '/api/agent/inbox/:type/:id' };
