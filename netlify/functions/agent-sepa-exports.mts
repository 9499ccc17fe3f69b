import { agentSepaExportCreate, agentSepaExports } from '../../src/features/billing/routes.ts';
import { createSepaExport, listSepaExports } from '../../src/features/billing/server/agent-sepa.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { fileResponse, json } from '../../src/server/http/respond.ts';

/**
 * /api/agent/sepa-exports (agents only: 401/403).
 * GET → { exports }: the SEPA files made so far, newest first.
 * POST (no body) → 201 with the new pain.008 file of every due direct debit as a download (header
 * SEPA-Export-Id names it for GET …/:id); 409 when no debit is due.
 */
export default endpoint([
  on(agentSepaExports, async (ctx) => {
    await requireAgent(ctx);
    return json({ exports: await listSepaExports(await getDb()) });
  }),
  on(agentSepaExportCreate, async (ctx) => {
    const agent = await requireAgent(ctx);
    const file = await createSepaExport(await getDb(), agent.userId);
    return fileResponse(file, { status: 201, headers: { 'SEPA-Export-Id': String(file.id) } });
  }),
]);

export const config = { path: '/api/agent/sepa-exports' };
