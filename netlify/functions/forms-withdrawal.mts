import { WithdrawalSchema } from '../../src/lib/schemas/forms/withdrawal.ts';
import { getDb } from '../../src/server/db/index.ts';
import { createWithdrawal } from '../../src/server/forms/withdrawal.ts';
import { receiptResponse } from '../../src/server/forms/submission.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';

/**
 * POST /api/forms/withdrawal: the online withdrawal (§ 355, § 356a BGB), sent with 'Widerruf bestätigen'.
 * rate limit → validate with the form's schema → spend the security check, store, queue the
 * mails (one transaction) → deliver → 201 { id, receivedAt }.
 */
export default endpoint({
  POST: async (ctx) => {
    await ctx.rateLimit({ name: 'forms-withdrawal', limit: 10, windowSeconds: 600 });
    const request = await ctx.body(WithdrawalSchema);
    const db = await getDb();
    return receiptResponse(db, await createWithdrawal(db, ctx.cookies, request));
  },
});

export const config = { path: '/api/forms/withdrawal' };
