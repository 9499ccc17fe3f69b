import { agb } from '../../src/data/agb.ts';
import { catalogue } from '../../src/data/catalogue.ts';
import { placeOrder as placeOrderRoute } from '../../src/features/checkout/routes.ts';
import { SESSION_COOKIE } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/index.ts';
import { env } from '../../src/server/env.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { requireVisitor } from '../../src/server/http/csrf.ts';
import { publicOrigin } from '../../src/server/http/public-origin.ts';
import { json } from '../../src/server/http/respond.ts';
import { todayIso } from '../../src/lib/forms/dates.ts';
import { deliverMail } from '../../src/server/mail/index.ts';
import { placeOrder } from '../../src/server/orders/place-order.ts';

/**
 * POST /api/orders: the checkout. Idempotency-Key → rate limit → validate with the form's schema
 * → the proof of work (before any other work, issue 35) → price from the server's catalogue,
 * reserve the numbers (unless the proof was spent before), store order, lines and mails (one
 * statement; three round trips in all, decision 0044) → 201 { orderId, status, schedule,
 * servicesStartOn, acceptanceDeadline, confirmationMailed } (amounts by billing rhythm, decision
 * 0025; accepted at once or received for review with the last day of our decision, decision 0053;
 * the first day of the services, decision 0034, null until accepted) → the mails are delivered
 * after the answer, and for an accepted order its first invoice is issued (decision 0052); an
 * order we review is invoiced only once an agent accepts it. A repeated key answers 200 with the
 * same order, as it stands now. A new order whose mails the daily cap of the typed address has no
 * room for is refused with a German 429 before anything is stored (decision 0063).
 */
export default endpoint([
  on(placeOrderRoute, async (ctx) => {
    // Generous per address: a double click or a retry after a timeout sends the same key again.
    await ctx.rateLimit('orders');
    const request = await ctx.body();
    const db = await getDb();
    const order = await placeOrder(db, catalogue, {
      request,
      // The CSRF check before this handler has already required the visitor cookie.
      keyScope: requireVisitor(ctx.cookies, env().appSecret),
      idempotencyKey: ctx.headers['idempotency-key'],
      sessionToken: ctx.cookies.get(SESSION_COOKIE),
      agbVersion: agb.version,
      origin: publicOrigin(),
    });
    // The customer does not wait for the mail server; a failed delivery stays in the outbox for a
    // retry, and the order itself is stored either way.
    // Then, for an order accepted at once, its first invoice (one-off items and first periods, due
    // with the contract, AGB § 4), issued like the daily run would issue it – which catches up
    // should this fail. An order we review has no contract yet and nothing is due before we accept it.
    if (order.created) {
      ctx.afterResponse(async () => {
        await deliverMail(db, order.mailIds);
        if (order.status !== 'accepted') return;
        // Loaded here, after the answer: the e-invoice library is not part of the checkout's cold start.
        const { issueDueInvoices } = await import('../../src/features/billing/server/issue.ts');
        // Its mail counts against the daily cap of the typed address like the confirmation, unless the owner ordered under the account's own address (decision 0063).
        const invoices = await issueDueInvoices(db, { on: todayIso(), origin: publicOrigin(), orderId: order.id!, visitorCaused: !order.ownAddress });
        await deliverMail(db, invoices.mailIds);
      });
    }
    return json(
      {
        orderId: order.orderNumber,
        status: order.status,
        schedule: order.schedule,
        servicesStartOn: order.servicesStartOn,
        acceptanceDeadline: order.acceptanceDeadline,
        confirmationMailed: order.confirmationMailed,
      },
      { status: order.created ? 201 : 200 },
    );
  }),
]);

export const config = { path: '/api/orders' };
