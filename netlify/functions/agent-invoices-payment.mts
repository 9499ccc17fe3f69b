import { todayIso } from '../../src/lib/forms/dates.ts';
import { agentInvoicePayment } from '../../src/features/billing/routes.ts';
import { paymentSchema } from '../../src/features/billing/schemas.ts';
import { invoiceIssuedOn, paymentMessages, recordPayment } from '../../src/features/billing/server/agent-payment.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { validate } from '../../src/server/http/body.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { json } from '../../src/server/http/respond.ts';

/**
 * POST /api/agent/invoices/:number/payment { receivedOn: 'YYYY-MM-DD' } (agents only): records
 * that the invoice was paid on that day (not before the invoice's day, today at the latest) →
 * 201 { invoice }; 409 when a payment is recorded already or nothing is open, 404 for an unknown invoice.
 */
export default endpoint([
  on(agentInvoicePayment, async (ctx) => {
    const agent = await requireAgent(ctx);
    const number = ctx.params.number;
    const today = todayIso();
    const db = await getDb();
    // An invoice is never changed once issued (migration 0025): its day read here still holds when the payment is stored.
    const issuedOn = await invoiceIssuedOn(db, number);
    if (issuedOn === undefined) throw new HttpError(404, paymentMessages.invoiceNotFound);
    // The route's schema read a day; whether it lies between the invoice's day and today is the form's rule, checked with this invoice.
    const input = validate(paymentSchema({ today, issuedOn }), await ctx.body());
    return json({ invoice: await recordPayment(db, number, input, agent.userId, today) }, { status: 201 });
  }),
]);

export const config = { path: '/api/agent/invoices/:number/payment' };
