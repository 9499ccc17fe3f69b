import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../src/data/catalogue.ts';
import { agb } from '../../../src/data/agb.ts';
import { runBilling } from '../../../src/features/billing/server/billing-run.ts';
import { todayIso } from '../../../src/lib/forms/dates.ts';
import { OrderRequestSchema } from '../../../src/lib/schemas/order.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { placeOrder } from '../../../src/server/orders/place-order.ts';
import { ORIGIN } from '../http/visitor.ts';
import { consumerOrderOfOneApp } from '../orders/proof-of-work.ts';

/**
 * Decision 0063: a billing run delivers its own mails in batches until none is left. Before, it
 * delivered one batch of 20 and left the rest to the retry schedule, 20 every five minutes.
 */
describe('the mails of a billing run', () => {
  it('all leave with the run: 25 invoices (more than one batch), no invoice mail left in the outbox', { timeout: 180_000 }, async () => {
    const db = await getDb();
    const run = crypto.randomUUID();
    for (let i = 0; i < 25; i++) {
      const request = v.parse(OrderRequestSchema, consumerOrderOfOneApp(`lauf-${i}-${run}@example.test`));
      // Placed without the endpoint, which would issue each first invoice right away: the run issues them.
      await placeOrder(db, catalogue, { request, keyScope: 'invoice-mails', idempotencyKey: `${run}-${i}`, agbVersion: agb.version, origin: ORIGIN });
    }

    const report = await runBilling(db, { on: todayIso(), origin: ORIGIN });

    const { rows } = await db.query<{ issued: number; waiting: number }>(
      `SELECT count(*)::int AS issued, count(*) FILTER (WHERE m.sent_at IS NULL)::int AS waiting
       FROM mail_outbox m WHERE m.recipient LIKE $1 AND m.subject LIKE 'Ihre Rechnung %'`,
      [`lauf-%-${run}@example.test`],
    );
    expect(report.issued.length).toBeGreaterThanOrEqual(25);
    expect(rows[0]).toEqual({ issued: 25, waiting: 0 });
  });
});
