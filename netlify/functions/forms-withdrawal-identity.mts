import { identityLinkMessages } from '../../src/lib/schemas/forms/identity-link.ts';
import { withdrawalIdentity } from '../../src/features/legal-forms/routes.ts';
import { getDb } from '../../src/server/db/index.ts';
import { confirmWithdrawalIdentity } from '../../src/server/forms/withdrawal-identity.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * POST /api/forms/withdrawal/identity { token }: the button on the page behind the withdrawal
 * receipt's link (decision 0054). Only this POST confirms, never the link itself: mail scanners
 * open links. The first confirmation attributes the withdrawal and withdraws the orders it names;
 * the answer names them, since whoever holds the link controls the orderer's mailbox.
 */
export default endpoint([
  on(withdrawalIdentity, async (ctx) => {
    await ctx.rateLimit('forms-withdrawal-identity');
    const { token } = await ctx.body();
    const confirmed = await confirmWithdrawalIdentity(await getDb(), token);
    if (!confirmed) throw new HttpError(404, identityLinkMessages.unknown);
    return json({ ...confirmed, receivedAt: confirmed.receivedAt.toISOString(), confirmedAt: confirmed.confirmedAt.toISOString() });
  }),
]);

export const config = { path: '/api/forms/withdrawal/identity' };
