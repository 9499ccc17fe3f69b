import { describe, expect, it } from 'vitest';
import { onDatabaseBefore } from '../../support/migration-database.ts';

/**
 * Issue 33: migration 0028 stops deriving order numbers from the id. Orders placed before keep the
 * number their customers quote and the SEPA mandate reference their bank holds; from then on the
 * number is written by placeOrder, and the mandate reference follows it. The SQL is the same on
 * every driver, so a fresh embedded database shows it once.
 */
describe.runIf(process.env.TEST_DB_DRIVER === 'pglite')('migration 0028: random order numbers', () => {
  it('keeps the numbers and mandate references of existing orders and takes new numbers as written', async () => {
    await onDatabaseBefore(28, async (db, migrateRest) => {
      // Migration 0031 retired payment_status: only the order before the migrations names it.
      const insert = (numberColumn: string, numberValue: string, key: string, status = '') =>
        db.query<{ id: number; order_number: string; mandate_reference: string | null }>(
          `INSERT INTO orders (${numberColumn} idempotency_key_hash, request_hash, customer_type, name, street, postal_code, city, country, email,
             payment_method, ${status ? 'payment_status,' : ''} iban, sepa_mandate_at, total_cents, net_cents, vat_cents, agb_accepted_at, price_basis, agb_version)
           VALUES (${numberValue} $1, 'r', 'consumer', 'Erika Mustermann', 'Heidestraße 17', '51147', 'Köln', 'Deutschland', 'erika@example.test',
             'sepa', ${status} 'DE89370400440532013000', now(), 54000, 45378, 8622, now(), 'gross', '2026-11-24/0123456789ab')
           RETURNING id, order_number, mandate_reference`,
          [key],
        );
      const old = (await insert('', '', 'old', "'open',")).rows[0]!;
      expect(old.order_number).toBe(`KW-${String(old.id).padStart(6, '0')}`);
      expect(old.mandate_reference).toBe(old.order_number);

      await migrateRest();

      const kept = await db.query<{ order_number: string; mandate_reference: string }>('SELECT order_number, mandate_reference FROM orders WHERE id = $1', [old.id]);
      expect(kept.rows[0]).toEqual({ order_number: old.order_number, mandate_reference: old.order_number });

      // A new order carries the number it is given, and its mandate reference is that number.
      const fresh = (await insert('order_number,', "'KW-0000-0000-001Y',", 'new')).rows[0]!;
      expect(fresh).toMatchObject({ order_number: 'KW-0000-0000-001Y', mandate_reference: 'KW-0000-0000-001Y' });
      // Without one it is refused, rather than numbered by the id again.
      await expect(insert('', '', 'none')).rejects.toThrow();
    });
  });
});
