import { describe, expect, it } from 'vitest';
import { onDatabaseBefore } from '../../support/migration-database.ts';
import { inboxSources } from '../../../src/server/inbox/sources.ts';

/**
 * Issue 18 keeps the orders placed before amounts by billing rhythm readable: migration 0014 must
 * take an order stored the old way (one unit per line, one total of all lines) and leave what its
 * customer was shown, adding the contract facts the old texts state. The migration SQL is the same
 * on every driver, so a fresh embedded database shows it once.
 */
describe.runIf(process.env.TEST_DB_DRIVER === 'pglite')('migrations 0014, 0015 and 0017 and orders placed before them', () => {
  it('keeps an old order as shown, records the AGB of 18.03.2023 and fills in the terms the old lines state', async () => {
    await onDatabaseBefore(14, async (db, migrateRest) => {
      // An order of the old shop: 1 × Webapp Basis (6 Monate) at 90,00 € "per month", 1 × .de at 12,00 €, 2 h at 95,20 €.
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO orders (idempotency_key_hash, request_hash, customer_type, name, street, postal_code, city, country, email,
           payment_method, payment_status, total_cents, net_cents, vat_cents, agb_accepted_at, early_start_requested_at, withdrawal_waiver_at)
         VALUES ('k', 'r', 'consumer', 'Erika Mustermann', 'Heidestraße 17', '51147', 'Köln', 'Deutschland', 'erika@example.test',
           'invoice', 'open', 29240, 24571, 4669, now(), now(), now()) RETURNING id`,
      );
      const orderId = rows[0]!.id;
      await db.query(
        `INSERT INTO order_lines (order_id, position, product_id, name, unit, term, minimum_term, unit_cents, quantity, line_cents) VALUES
           ($1, 1, 'webapp-basis-6m', 'Webapp Basis (6 Monate)', 'month', '6 Monate, verlängert sich automatisch um 6 Monate', '6 Monate', 9000, 1, 9000),
           ($1, 2, 'domain-de:müller-bau', 'Domain müller-bau.de', 'year', '1 Jahr, verlängert sich automatisch um 1 Jahr', '1 Jahr', 1200, 1, 1200),
           ($1, 3, 'software-development', 'Softwareentwicklung', 'hour', 'Abrechnung nach tatsächlichem Aufwand', 'keine', 9520, 2, 19040)`,
        [orderId],
      );

      await migrateRest();

      const order = await db.query<Record<string, unknown>>('SELECT * FROM orders WHERE id = $1', [orderId]);
      expect(order.rows[0]).toMatchObject({ total_cents: 29240, net_cents: 24571, vat_cents: 4669, price_basis: 'gross', agb_version: '2023-03-18', schedule: null });
      const lines = await db.query(
        'SELECT unit_cents, line_cents, unit_net_cents, vat_percent, minimum_months, billing_months, notice_days FROM order_lines WHERE order_id = $1 ORDER BY position',
        [orderId],
      );
      expect(lines.rows).toEqual([
        { unit_cents: 9000, line_cents: 9000, unit_net_cents: 7563, vat_percent: 19, minimum_months: 6, billing_months: 6, notice_days: 10 },
        { unit_cents: 1200, line_cents: 1200, unit_net_cents: 1008, vat_percent: 19, minimum_months: 12, billing_months: 12, notice_days: 14 },
        { unit_cents: 9520, line_cents: 19040, unit_net_cents: 8000, vat_percent: 19, minimum_months: null, billing_months: null, notice_days: null },
      ]);

      // The agent dashboard still shows it as its customer saw it: one sum, no rhythm invented afterwards.
      const details = await inboxSources.order.details(order.rows[0]!, db);
      expect(details).toEqual(
        expect.arrayContaining([
          { label: 'Positionen', kind: 'list', value: ['1 × Webapp Basis (6 Monate) – 90,00\u00a0€', '1 × Domain müller-bau.de – 12,00\u00a0€', '2 × Softwareentwicklung – 190,40\u00a0€'] },
          { label: 'Summe laut Bestellung (brutto)', kind: 'money', cents: 29240 },
          { label: 'Akzeptierte AGB-Fassung', kind: 'text', value: '2023-03-18' },
        ]),
      );
      expect(details.some((detail) => detail.label === 'Danach')).toBe(false);

      // Migration 0015 made contracts of its recurring lines, starting on the day of the order.
      const contracts = await db.query<Record<string, unknown>>(
        'SELECT order_position, product_id, period_cents, billing_months, minimum_months, notice_days, customer_type, starts_on, ends_on FROM contracts WHERE order_id = $1 ORDER BY order_position',
        [orderId],
      );
      expect(contracts.rows).toEqual([
        expect.objectContaining({ order_position: 1, product_id: 'webapp-basis-6m', period_cents: 54000, billing_months: 6, minimum_months: 6, notice_days: 10, customer_type: 'consumer', ends_on: null }),
        expect.objectContaining({ order_position: 2, product_id: 'domain-de:müller-bau', period_cents: 1200, billing_months: 12, minimum_months: 12, notice_days: 14 }),
      ]);

      // Migration 0017: its services began on the day of the order (a consumer had to ask for the early start then).
      const started = await db.query<{ services_start_on: string; ordered_on: string; starts_on: string }>(
        `SELECT to_char(o.services_start_on, 'YYYY-MM-DD') AS services_start_on, to_char(o.created_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') AS ordered_on,
                to_char(c.starts_on, 'YYYY-MM-DD') AS starts_on
         FROM orders o JOIN contracts c ON c.order_id = o.id WHERE o.id = $1`,
        [orderId],
      );
      for (const row of started.rows) expect(row.services_start_on).toBe(row.ordered_on);
      expect(started.rows.map((row) => row.starts_on)).toEqual(started.rows.map((row) => row.services_start_on));
      expect(details).toEqual(expect.arrayContaining([{ label: 'Leistungsbeginn', kind: 'text', value: expect.stringMatching(/^sofort – vorzeitiger Beginn verlangt am /) }]));
    });
  });
});
