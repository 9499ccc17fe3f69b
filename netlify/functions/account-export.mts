import { accountExport } from '../../src/features/accounts/routes.ts';
import { exportAccount } from '../../src/server/auth/accounts.ts';
import { requireUser } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { fileResponse } from '../../src/server/http/respond.ts';

/** GET /api/account/export: the user's data as a JSON download (GDPR Art. 20). */
export default endpoint([
  on(accountExport, async (ctx) => {
    const user = await requireUser(ctx);
    const data = await exportAccount(await getDb(), user.userId);
    return fileResponse({ fileName: `meine-daten-${new Date().toISOString().slice(0, 10)}.json`, contentType: 'application/json', content: JSON.stringify(data) });
  }),
]);

export const config = { path: '/api/account/export' };
