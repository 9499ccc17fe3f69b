import { createElement } from 'react';
import { declarationPage, declarationReceiptPage } from '../../src/components/forms/declaration-pages.ts';
import CancellationForm from '../../src/components/islands/CancellationForm.tsx';
import { CancellationSchema, cancellationSummary, CustomerCancellationSchema } from '../../src/lib/schemas/forms/cancellation.ts';
import { cancellationReceipt } from '../../src/lib/schemas/forms/cancellation-receipt.ts';
import { SESSION_COOKIE } from '../../src/server/auth/session.ts';
import { cancellingCustomer, createCancellation } from '../../src/server/forms/cancellation.ts';
import { declarationHandler } from '../../src/server/forms/declaration-post.ts';
import { receiptResponse } from '../../src/server/forms/submission.ts';
import { cancellation } from '../../src/features/legal-forms/routes.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { publicOrigin } from '../../src/server/http/public-origin.ts';

/**
 * POST /api/forms/cancellation (§ 312k BGB): a visitor sends the full form with the captcha; a
 * logged-in customer only the declaration (SPEC §6), in the customer area with the contract
 * chosen. Stores it, queues the receipt, delivers, answers 201 { id, receivedAt,
 * confirmationMailed, contract }. `contract` ({ contractNumber, name, endsOn }) is set only when
 * the logged-in owner's cancellation changed their own contract at once (decision 0054); a
 * visitor's answer names no contract, number or date they did not type. The form posted without
 * JavaScript is a visitor's and is answered as an HTML page (decision 0033).
 */
export default endpoint([
  declarationHandler(cancellation, {
    rateLimit: 'forms-cancellation',
    schema: CancellationSchema,
    formPost: (ctx, db) => ({
      formPage: (posted) => declarationPage('Verträge hier kündigen', createElement(CancellationForm, { posted })),
      receiptPage: declarationReceiptPage,
      store: (declaration) => createCancellation(db, ctx.cookies, { kind: 'visitor', declaration }, publicOrigin()),
      receipt: (declaration, stored) => ({
        ...cancellationReceipt(declaration.email, stored.confirmationMailed, declaration.type_of_cancellation),
        lines: cancellationSummary(declaration),
      }),
    }),
    json: async (ctx, db) => {
      const customer = await cancellingCustomer(db, ctx.cookies.get(SESSION_COOKIE));
      const stored = customer
        ? await createCancellation(db, ctx.cookies, { kind: 'customer', declaration: await ctx.body(CustomerCancellationSchema), ...customer }, publicOrigin())
        : await createCancellation(db, ctx.cookies, { kind: 'visitor', declaration: await ctx.body(CancellationSchema) }, publicOrigin());
      return receiptResponse(db, stored, { contract: stored.attributed ? stored.contract : null });
    },
  }),
]);

export const config = { path: '/api/forms/cancellation' };
