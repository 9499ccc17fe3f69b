import { createElement } from 'react';
import WithdrawalForm from '../../src/components/islands/WithdrawalForm.tsx';
import { WithdrawalSchema, withdrawalReceipt, withdrawalSummary } from '../../src/lib/schemas/forms/withdrawal.ts';
import { getDb } from '../../src/server/db/index.ts';
import { answerDeclarationPost } from '../../src/server/forms/declaration-post.ts';
import { createWithdrawal } from '../../src/server/forms/withdrawal.ts';
import { receiptResponse } from '../../src/server/forms/submission.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';

/**
 * POST /api/forms/withdrawal: the online withdrawal (§ 355, § 356a BGB), sent with 'Widerruf bestätigen'.
 * rate limit → validate with the form's schema → spend the captcha, store, queue the mails (one
 * transaction) → deliver → 201 { id, receivedAt }. Posted without JavaScript, it is answered as
 * HTML pages: the declaration to confirm, then the receipt (decision 0033).
 */
export default endpoint(
  {
    POST: async (ctx) => {
      const db = await getDb();
      if (ctx.formPost) {
        return answerDeclarationPost(ctx, {
          rateLimit: 'forms-withdrawal',
          schema: WithdrawalSchema,
          formTitle: 'Vertrag widerrufen',
          form: (posted) => createElement(WithdrawalForm, { posted }),
          confirmStep: true,
          store: (declaration) => createWithdrawal(db, ctx.cookies, declaration),
          receipt: (declaration) => ({ ...withdrawalReceipt(declaration.email), lines: withdrawalSummary(declaration) }),
        });
      }
      await ctx.rateLimit('forms-withdrawal');
      const request = await ctx.body(WithdrawalSchema);
      return receiptResponse(db, await createWithdrawal(db, ctx.cookies, request));
    },
  },
  { formPosts: true },
);

export const config = { path: '/api/forms/withdrawal' };
