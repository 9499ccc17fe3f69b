import { todayIso } from '../../src/lib/forms/dates.ts';
import { paymentSchema } from '../../src/lib/schemas/agent-invoices.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { json } from '../../src/server/http/respond.ts';
import { INVOICE_NUMBER } from '../../src/lib/invoices/kinds.ts';
import { paymentMessages, recordPayment } from '../../src/server/invoices/agent-payment.ts';

/**
 * POST /api/agent/invoices/:number/payment { receivedOn: 'YYYY-MM-DD' } (agents only): records
 * that the invoice was paid on that day (today at the latest) → 201 { invoice }; 409 when a payment
 * is recorded already, 404 for an unknown invoice.
 */
export default endpoint({
  POST: async (ctx) => {
    const agent = await requireAgent(ctx);
    const number = ctx.params.number ?? '';
    if (!INVOICE_NUMBER.test(number)) throw new HttpError(404, paymentMessages.invoiceNotFound);
    const today = todayIso();
    const input = await ctx.body(paymentSchema(today));
    return json({ invoice: await recordPayment(await getDb(), number, input, agent.userId, today) }, { status: 201 });
  },
});

export const config = { path: '/api/agent/invoices/:number/payment' };
