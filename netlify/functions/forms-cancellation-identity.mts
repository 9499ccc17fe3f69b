import { identityLinkMessages } from '../../src/lib/schemas/forms/identity-link.ts';
import { cancellationIdentity } from '../../src/features/legal-forms/routes.ts';
import { getDb } from '../../src/server/db/index.ts';
import { confirmCancellationIdentity } from '../../src/server/forms/cancellation-identity.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * POST /api/forms/cancellation/identity { token }: the button on the page behind the receipt
 * mail's link. A POST, not the link itself, so that mail scanners opening links confirm nothing.
 * The first confirmation attributes the cancellation and applies it (decision 0054); the answer
 * may name the contract and its end: whoever holds the link controls the owner's mailbox.
 */
export default endpoint([
  on(cancellationIdentity, async (ctx) => {
    await ctx.rateLimit('forms-cancellation-identity');
    const { token } = await ctx.body();
    const confirmed = await confirmCancellationIdentity(await getDb(), token);
    if (!confirmed) throw new HttpError(404, identityLinkMessages.unknown);
    return json({ ...confirmed, receivedAt: confirmed.receivedAt.toISOString(), confirmedAt: confirmed.confirmedAt.toISOString() });
  }),
]);

export const config = { path: '/api/forms/cancellation/identity' };
