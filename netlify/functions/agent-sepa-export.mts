import { agentInvoiceMessages } from '../../src/features/billing/schemas.ts';
import { agentSepaExport } from '../../src/features/billing/routes.ts';
import { sepaExportFile } from '../../src/features/billing/server/agent-sepa.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { fileResponse } from '../../src/server/http/respond.ts';

/** GET /api/agent/sepa-exports/:id (agents only: 401/403): a SEPA file made earlier, byte for byte as first downloaded. */
export default endpoint([
  on(agentSepaExport, async (ctx) => {
    await requireAgent(ctx);
    const file = await sepaExportFile(await getDb(), ctx.params.id);
    if (!file) throw new HttpError(404, agentInvoiceMessages.sepaExportNotFound);
    return fileResponse(file);
  }),
]);

export const config = { path: '/api/agent/sepa-exports/:id' };
