import { describe, expect, it } from 'vitest';
import { onDatabaseBefore } from '../../support/migration-database.ts';

/**
 * Migration 0027 (decision 0054): what the code before it did has happened. Cancellations that
 * ended a contract, or that an agent processed, and withdrawals that were matched to an order count
 * as attributed – by the account, the identity link or the agent, as far as the rows tell – so
 * nothing is applied twice; the rest waits. The SQL is the same on every driver, so a fresh
 * embedded database shows it once.
 */
describe.runIf((process.env.TEST_DB_DRIVER ?? 'pglite') === 'pglite')('migration 0027 and the declarations received before it', () => {
  it('marks what already changed a contract or an order as attributed, and nothing else', async () => {
    await onDatabaseBefore(27, async (db, migrateRest) => {
      const user = await db.query<{ id: string }>("INSERT INTO users (email, display_name, user_type) VALUES ('kunde@example.test', 'Kundin', 'customer') RETURNING id");
      const userId = user.rows[0]!.id;
      const order = await db.query<{ id: number }>(
        `INSERT INTO orders (idempotency_key_hash, request_hash, customer_type, name, street, postal_code, city, country, email,
           payment_method, payment_status, total_cents, net_cents, vat_cents, agb_accepted_at, price_basis, agb_version, user_id)
         VALUES ('k', 'r', 'consumer', 'Kundin', 'Heidestraße 17', '51147', 'Köln', 'DE', 'kunde@example.test', 'invoice', 'open',
                 9000, 7563, 1437, now(), 'gross', '2026-11-24/0123456789ab', $1)
         RETURNING id`,
        [userId],
      );
      const orderId = order.rows[0]!.id;
      const contract = async (position: number) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO contracts (order_id, order_position, user_id, customer_type, email, product_id, name, quantity, price_basis,
               period_cents, vat_percent, billing_months, minimum_months, notice_days, starts_on)
             VALUES ($1, $2, $3, 'consumer', 'kunde@example.test', 'webapp-basis-6m', 'Webapp Basis (6 Monate)', 1, 'gross', 54000, 19, 6, 6, 10, '2026-11-01')
             RETURNING id`,
            [orderId, position, userId],
          )
        ).rows[0]!.id;
      const cancellation = async (fields: { type?: string; userId?: string | null; contractId?: number | null; confirmed?: boolean; processed?: boolean; ends?: boolean }) => {
        const { rows } = await db.query<{ id: number }>(
          `INSERT INTO cancellations (contract_name, type_of_cancellation, end_of_contract_period, email, user_id, contract_id, computed_end_date,
             identity_confirmed_at, status, contract_end_date, processed_at, received_at)
           VALUES ('Webapp', $1, 'earliest', 'kunde@example.test', $2, $3, CASE WHEN $3::bigint IS NULL THEN NULL ELSE date '2027-04-30' END,
             CASE WHEN $4::boolean THEN timestamptz '2026-11-02 10:00Z' END, CASE WHEN $5::boolean THEN 'processed' ELSE 'received' END,
             CASE WHEN $5::boolean THEN date '2027-04-30' END, CASE WHEN $5::boolean THEN timestamptz '2026-11-03 10:00Z' END, timestamptz '2026-11-01 10:00Z')
           RETURNING id`,
          [fields.type ?? 'regular', fields.userId ?? null, fields.contractId ?? null, fields.confirmed ?? false, fields.processed ?? false],
        );
        if (fields.ends) await db.query("UPDATE contracts SET ends_on = '2027-04-30', cancellation_id = $2 WHERE id = $1", [fields.contractId, rows[0]!.id]);
        return rows[0]!.id;
      };
      const ids = {
        account: await cancellation({ userId, contractId: await contract(1), ends: true }),
        link: await cancellation({ contractId: await contract(2), confirmed: true, ends: true }),
        extraordinary: await cancellation({ type: 'extraordinary', contractId: await contract(3), ends: true }),
        processed: await cancellation({ processed: true }),
        open: await cancellation({ contractId: await contract(4) }),
      };
      const withdrawn = await db.query<{ id: number }>(
        "INSERT INTO withdrawals (contract, name, email, order_id) VALUES ('KW-000001', 'Kundin', 'kunde@example.test', $1) RETURNING id",
        [orderId],
      );
      const unmatched = await db.query<{ id: number }>("INSERT INTO withdrawals (contract, name, email) VALUES ('Webapp', 'Kundin', 'kunde@example.test') RETURNING id");

      await migrateRest();

      const { rows } = await db.query<{ id: number; attributed_by: string | null; attributed_at: string | null; computed_end_date: string | null }>(
        "SELECT id, attributed_by, to_char(attributed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS attributed_at, to_char(computed_end_date, 'YYYY-MM-DD') AS computed_end_date FROM cancellations ORDER BY id",
      );
      const byId = (id: number) => rows.find((row) => row.id === id)!;
      expect(byId(ids.account)).toMatchObject({ attributed_by: 'account', attributed_at: '2026-11-01 10:00' });
      expect(byId(ids.link)).toMatchObject({ attributed_by: 'identity-link', attributed_at: '2026-11-02 10:00' });
      // An extraordinary one that ended its contract by the old rule: kept, but its end is now the agent's to decide.
      expect(byId(ids.extraordinary)).toMatchObject({ attributed_by: 'agent', computed_end_date: null });
      expect(byId(ids.processed)).toMatchObject({ attributed_by: 'agent', attributed_at: '2026-11-03 10:00' });
      expect(byId(ids.open)).toMatchObject({ attributed_by: null, attributed_at: null, computed_end_date: '2027-04-30' });

      const withdrawals = await db.query<{ id: number; attributed_by: string | null; orders: number[] }>(
        `SELECT w.id, w.attributed_by, coalesce((SELECT json_agg(order_id) FROM withdrawal_orders wo WHERE wo.withdrawal_id = w.id), '[]'::json) AS orders
         FROM withdrawals w ORDER BY w.id`,
      );
      expect(withdrawals.rows).toEqual([
        { id: withdrawn.rows[0]!.id, attributed_by: 'agent', orders: [orderId] },
        { id: unmatched.rows[0]!.id, attributed_by: null, orders: [] },
      ]);
    });
  });
});
