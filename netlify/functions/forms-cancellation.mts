import { CancellationSchema, CustomerCancellationSchema } from '../../src/lib/schemas/forms/cancellation.ts';
import { SESSION_COOKIE } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/index.ts';
import { cancellingCustomer, createCancellation } from '../../src/server/forms/cancellation.ts';
import { receiptResponse } from '../../src/server/forms/submission.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';

/**
 * POST /api/forms/cancellation (§ 312k BGB): a visitor sends the full form with the security
 * check; a logged-in customer only the declaration (SPEC §6), in the customer area with the
 * contract chosen. Stores it, ends the contract it names, queues the receipt, delivers, answers
 * 201 { id, receivedAt, contract: { contractNumber, name, endsOn } | null }.
 */
export default endpoint({
  POST: async (ctx) => {
    await ctx.rateLimit({ name: 'forms-cancellation', limit: 10, windowSeconds: 600 });
    const db = await getDb();
    const customer = await cancellingCustomer(db, ctx.cookies.get(SESSION_COOKIE));
    const stored = customer
      ? await createCancellation(db, ctx.cookies, { kind: 'customer', declaration: await ctx.body(CustomerCancellationSchema), ...customer }, ctx.url.origin)
      : await createCancellation(db, ctx.cookies, { kind: 'visitor', declaration: await ctx.body(CancellationSchema) }, ctx.url.origin);
    return receiptResponse(db, stored, { contract: stored.contract });
  },
});

export const config = { path: '/api/forms/cancellation' };
