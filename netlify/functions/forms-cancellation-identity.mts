import { CancellationIdentitySchema, cancellationMessages } from '../../src/lib/schemas/forms/cancellation.ts';
import { getDb } from '../../src/server/db/index.ts';
import { confirmCancellationIdentity } from '../../src/server/forms/cancellation.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * POST /api/forms/cancellation/identity { token }: the button on the page behind the receipt
 * mail's link. A POST, not the link itself, so that mail scanners opening links confirm nothing.
 */
export default endpoint({
  POST: async (ctx) => {
    await ctx.rateLimit('forms-cancellation-identity');
    const { token } = await ctx.body(CancellationIdentitySchema);
    const confirmed = await confirmCancellationIdentity(await getDb(), token);
    if (!confirmed) throw new HttpError(404, cancellationMessages.identityUnknown);
    return json({
      id: confirmed.id,
      contractName: confirmed.contractName,
      receivedAt: confirmed.receivedAt.toISOString(),
      confirmedAt: confirmed.confirmedAt.toISOString(),
    });
  },
});

export const config = { path: '/api/forms/cancellation/identity' };
