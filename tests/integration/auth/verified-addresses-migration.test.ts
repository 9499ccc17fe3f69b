import { describe, expect, it } from 'vitest';
import { onDatabaseBefore } from '../../support/migration-database.ts';

/**
 * Migration 0016: accounts that 0015 counted as verified (linked to Google, agents) get the guest
 * orders and contracts of their address, as a confirmation gives them from now on; unverified
 * accounts get nothing. The SQL is the same on every driver, so a fresh embedded database shows it once.
 */
describe.runIf(process.env.TEST_DB_DRIVER === 'pglite')('migration 0016 and the guest orders of verified accounts', () => {
  it('attaches them to Google-linked accounts only, case-insensitively', async () => {
    await onDatabaseBefore(14, async (db, migrateRest) => {
      const users = await db.query<{ id: string; email: string }>(
        `INSERT INTO users (email, display_name, password_hash, google_sub) VALUES
           ('greta@example.test', 'Greta', NULL, 'google-1'),
           ('erika@example.test', 'Erika', '$2a$10$abcdefghijklmnopqrstuu', NULL)
         RETURNING id, email`,
      );
      const idOf = (email: string) => users.rows.find((u) => u.email === email)!.id;
      const orderIds: Record<string, number> = {};
      for (const email of ['GRETA@example.test', 'erika@example.test']) {
        const { rows } = await db.query<{ id: number }>(
          `INSERT INTO orders (idempotency_key_hash, request_hash, customer_type, name, street, postal_code, city, country, email,
             payment_method, payment_status, total_cents, net_cents, vat_cents, agb_accepted_at)
           VALUES ($1, 'r', 'consumer', 'Kundin', 'Heidestraße 17', '51147', 'Köln', 'Deutschland', $2, 'invoice', 'open', 9000, 7563, 1437, now())
           RETURNING id`,
          [`k-${email}`, email],
        );
        orderIds[email] = rows[0]!.id;
        await db.query(
          `INSERT INTO order_lines (order_id, position, product_id, name, unit, term, minimum_term, unit_cents, quantity, line_cents)
           VALUES ($1, 1, 'webapp-basis-6m', 'Webapp Basis (6 Monate)', 'month', '6 Monate, verlängert sich automatisch um 6 Monate', '6 Monate', 9000, 1, 9000)`,
          [rows[0]!.id],
        );
      }

      await migrateRest();

      const owners = async (orderId: number) => {
        const order = await db.query<{ user_id: string | null }>('SELECT user_id FROM orders WHERE id = $1', [orderId]);
        const contracts = await db.query<{ user_id: string | null }>('SELECT user_id FROM contracts WHERE order_id = $1', [orderId]);
        return [order.rows[0]!.user_id, ...contracts.rows.map((c) => c.user_id)];
      };
      expect(await owners(orderIds['GRETA@example.test']!)).toEqual([idOf('greta@example.test'), idOf('greta@example.test')]);
      expect(await owners(orderIds['erika@example.test']!)).toEqual([null, null]);
    });
  });
});
