import { accountOverview as overviewRoute } from '../../src/features/customer-area/routes.ts';
import { requireUser } from '../../src/server/auth/guard.ts';
import { accountOverview } from '../../src/server/contracts/account-overview.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/** GET /api/account/overview: the logged-in account's orders and contracts for the customer area (decision 0030). */
export default endpoint([
  on(overviewRoute, async (ctx) => {
    const user = await requireUser(ctx);
    const overview = await accountOverview(await getDb(), user);
    // Orders and contracts with prices: no shared or browser cache keeps a copy.
    return json(overview, { headers: { 'Cache-Control': 'no-store' } });
  }),
]);

export const config = { path: '/api/account/overview' };
