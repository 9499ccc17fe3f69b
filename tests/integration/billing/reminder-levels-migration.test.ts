import { describe, expect, it } from 'vitest';
import { onDatabaseBefore } from '../../support/migration-database.ts';
import { fixtureInvoice, fixtureOrder } from '../../support/invoice-fixture.ts';

/**
 * Issue 34: migration 0033 gives each reminder a level and keeps one per invoice and level
 * (decision 0060). Reminders the race let through before were mailed: they stay, the first of each
 * invoice becomes level 1, the repeats keep no level. The SQL is the same on every driver, so a
 * fresh embedded database shows it once.
 */
describe.runIf(process.env.TEST_DB_DRIVER === 'pglite')('migration 0033: one reminder per invoice and level', () => {
  it('keeps the reminders sent before, the first of each invoice as level 1, and refuses a second of a level from then on', async () => {
    await onDatabaseBefore(33, async (db, migrateRest) => {
      const order = await fixtureOrder(db);
      const raced = await fixtureInvoice(db, order);
      const once = await fixtureInvoice(db, order);
      const remind = async (invoiceId: number) =>
        (await db.query<{ id: number }>('INSERT INTO invoice_reminders (invoice_id) VALUES ($1) RETURNING id', [invoiceId])).rows[0]!.id;
      const first = await remind(raced.id);
      await remind(raced.id);
      await remind(raced.id);
      const single = await remind(once.id);

      await migrateRest();

      const { rows } = await db.query<{ id: number; invoice_id: number; level: number | null }>('SELECT id, invoice_id, level FROM invoice_reminders ORDER BY id');
      expect(rows.map((row) => [Number(row.id), Number(row.invoice_id), row.level])).toEqual([
        [first, raced.id, 1],
        [first + 1, raced.id, null],
        [first + 2, raced.id, null],
        [single, once.id, 1],
      ]);
      // From now on every reminder names its level, and a level is sent once per invoice.
      await expect(db.query('INSERT INTO invoice_reminders (invoice_id) VALUES ($1)', [once.id])).rejects.toThrow(/invoice_reminders_level_given/);
      await expect(db.query('INSERT INTO invoice_reminders (invoice_id, level) VALUES ($1, 1)', [raced.id])).rejects.toThrow(/invoice_reminders_invoice_level/);
      await expect(db.query('INSERT INTO invoice_reminders (invoice_id, level) VALUES ($1, 0)', [once.id])).rejects.toThrow();
      // The dunning levels of issue 38 take the same key.
      await db.query('INSERT INTO invoice_reminders (invoice_id, level) VALUES ($1, 2)', [raced.id]);
    });
  });
});
