import { createElement } from 'react';
import { declarationPage, declarationReceiptPage } from '../../src/components/forms/declaration-pages.ts';
import WithdrawalForm from '../../src/components/islands/WithdrawalForm.tsx';
import { WithdrawalSchema, withdrawalReceipt, withdrawalSummary } from '../../src/lib/schemas/forms/withdrawal.ts';
import { declarationHandler } from '../../src/server/forms/declaration-post.ts';
import { createWithdrawal } from '../../src/server/forms/withdrawal.ts';
import { receiptResponse } from '../../src/server/forms/submission.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';

/**
 * POST /api/forms/withdrawal: the online withdrawal (§ 355, § 356a BGB), sent with 'Widerruf bestätigen'.
 * rate limit → validate with the form's schema → spend the captcha, store, queue the mails (one
 * transaction) → deliver → 201 { id, receivedAt, confirmationMailed }. Posted without JavaScript, it is answered as
 * HTML pages: the declaration to confirm, then the receipt (decision 0033).
 */
export default endpoint(
  {
    POST: declarationHandler({
      rateLimit: 'forms-withdrawal',
      schema: WithdrawalSchema,
      formPost: (ctx, db) => ({
        formPage: (posted) => declarationPage('Vertrag widerrufen', createElement(WithdrawalForm, { posted })),
        receiptPage: declarationReceiptPage,
        confirmStep: true,
        store: (declaration) => createWithdrawal(db, ctx.cookies, declaration),
        receipt: (declaration, stored) => ({ ...withdrawalReceipt(declaration.email, stored.confirmationMailed), lines: withdrawalSummary(declaration) }),
      }),
      json: async (ctx, db) => receiptResponse(db, await createWithdrawal(db, ctx.cookies, await ctx.body(WithdrawalSchema))),
    }),
  },
  { formPosts: true },
);

export const config = { path: '/api/forms/withdrawal' };
