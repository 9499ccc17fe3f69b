import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { fileDownload } from '../../src/features/billing/server/agent-documents.ts';
import { sepaExportFile, sepaMessages } from '../../src/features/billing/server/agent-sepa.ts';

/** GET /api/agent/sepa-exports/:id (agents only: 401/403): a SEPA file made earlier, byte for byte as first downloaded. */
export default endpoint({
  GET: async (ctx) => {
    await requireAgent(ctx);
    const id = ctx.params.id ?? '';
    const file = /^[1-9]\d{0,14}$/.test(id) ? await sepaExportFile(await getDb(), Number(id)) : undefined;
    if (!file) throw new HttpError(404, sepaMessages.exportNotFound);
    return fileDownload(file);
  },
});

export const config = { path: '/api/agent/sepa-exports/:id' };
