import { todayIso } from '../../src/lib/forms/dates.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { json } from '../../src/server/http/respond.ts';
import { INVOICE_NUMBER } from '../../src/features/billing/terms.ts';
import { reminderMessages, sendReminder } from '../../src/features/billing/server/agent-reminder.ts';
import { deliverMail } from '../../src/server/mail/index.ts';

/**
 * POST /api/agent/invoices/:number/reminder (agents only, no body): mails the buyer a payment
 * reminder with the invoice attached → 201 { invoice }; only once, for an open invoice past its due
 * day that is not paid by direct debit (409 otherwise, src/features/billing/reminders.ts). The mail goes out after the answer; a failed delivery stays in the outbox.
 */
export default endpoint({
  POST: async (ctx) => {
    const agent = await requireAgent(ctx);
    await ctx.rateLimit('invoice-reminder', agent.userId);
    const number = ctx.params.number ?? '';
    if (!INVOICE_NUMBER.test(number)) throw new HttpError(404, reminderMessages.invoiceNotFound);
    const db = await getDb();
    const { mailId, invoice } = await sendReminder(db, number, agent.userId, todayIso());
    ctx.afterResponse(() => deliverMail(db, [mailId]));
    return json({ invoice }, { status: 201 });
  },
});

export const config = { path: '/api/agent/invoices/:number/reminder' };
