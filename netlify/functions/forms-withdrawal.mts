import { createElement } from 'react';
import { declarationPage, declarationReceiptPage } from '../../src/components/forms/declaration-pages.ts';
import WithdrawalForm from '../../src/components/islands/WithdrawalForm.tsx';
import { WithdrawalSchema, withdrawalReceipt, withdrawalSummary, withdrawnOrderLines } from '../../src/lib/schemas/forms/withdrawal.ts';
import { SESSION_COOKIE, sessionUser } from '../../src/server/auth/session.ts';
import { declarationHandler } from '../../src/server/forms/declaration-post.ts';
import { createWithdrawal } from '../../src/server/forms/withdrawal.ts';
import { receiptResponse } from '../../src/server/forms/submission.ts';
import { withdrawal } from '../../src/features/legal-forms/routes.ts';
import { endpoint, type RouteContext } from '../../src/server/http/endpoint.ts';
import { publicOrigin } from '../../src/server/http/public-origin.ts';
import type { Db } from '../../src/server/db/index.ts';

/**
 * POST /api/forms/withdrawal: the online withdrawal (§ 355, § 356a BGB), sent with 'Widerruf bestätigen'.
 * rate limit → validate with the form's schema → spend the captcha, store, queue the mails (one
 * transaction) → deliver → 201 { id, receivedAt, confirmationMailed, withdrawnOrders }. Orders are
 * withdrawn at once only for a logged-in owner naming their own orders (decision 0054), and only
 * then does the answer name them. Posted without JavaScript, it is answered as HTML pages: the
 * declaration to confirm, then the receipt (decision 0033).
 */

/** The logged-in customer's account, if any: their own orders need no identity link. */
async function sender(ctx: Pick<RouteContext<typeof withdrawal>, 'cookies'>, db: Db): Promise<string | null> {
  return (await sessionUser(db, ctx.cookies.get(SESSION_COOKIE)))?.userId ?? null;
}
export default endpoint([
  declarationHandler(withdrawal, {
    rateLimit: 'forms-withdrawal',
    schema: WithdrawalSchema,
    formPost: (ctx, db) => ({
      formPage: (posted) => declarationPage('Vertrag widerrufen', createElement(WithdrawalForm, { posted })),
      receiptPage: declarationReceiptPage,
      confirmStep: true,
      store: async (declaration) => createWithdrawal(db, ctx.cookies, declaration, { origin: publicOrigin(), userId: await sender(ctx, db) }),
      receipt: (declaration, stored) => ({
        ...withdrawalReceipt(declaration.email, stored.confirmationMailed, stored.withdrawnOrders),
        lines: [...withdrawalSummary(declaration), ...withdrawnOrderLines(stored.withdrawnOrders)],
      }),
    }),
    json: async (ctx, db) => {
      const declaration = await ctx.body();
      const stored = await createWithdrawal(db, ctx.cookies, declaration, { origin: publicOrigin(), userId: await sender(ctx, db) });
      return receiptResponse(db, stored, { withdrawnOrders: stored.withdrawnOrders });
    },
  }),
]);

export const config = { path: '/api/forms/withdrawal' };
