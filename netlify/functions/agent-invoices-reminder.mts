import { todayIso } from '../../src/lib/forms/dates.ts';
import { agentInvoiceReminder } from '../../src/features/billing/routes.ts';
import { sendReminder } from '../../src/features/billing/server/agent-reminder.ts';
import { requireAgent } from '../../src/server/auth/guard.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { deliverMail } from '../../src/server/mail/index.ts';

/**
 * POST /api/agent/invoices/:number/reminder (agents only, no body): mails the buyer a payment
 * reminder with the invoice attached → 201 { invoice }; only once, for an open invoice past its due
 * day that is not paid by direct debit (409 otherwise, src/features/billing/reminders.ts). The mail
 * goes out after the answer; a failed delivery stays in the outbox.
 */
export default endpoint([
  on(agentInvoiceReminder, async (ctx) => {
    const agent = await requireAgent(ctx);
    await ctx.rateLimit('invoice-reminder', agent.userId);
    const db = await getDb();
    const { mailId, invoice } = await sendReminder(db, ctx.params.number, agent.userId, todayIso());
    ctx.afterResponse(() => deliverMail(db, [mailId]));
    return json({ invoice }, { status: 201 });
  }),
]);

export const config = { path: '/api/agent/invoices/:number/reminder' };
