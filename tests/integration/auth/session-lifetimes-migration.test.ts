import { describe, expect, it } from 'vitest';
import { onDatabaseBefore } from '../../support/migration-database.ts';

/**
 * Migration 0038 (decision 0064): the sessions open at deployment get the new lifetimes: none
 * lasts longer than 12 hours from its login, an agent's idles out after 30 minutes, a remembered
 * customer's after its 12 hours instead of 7 days. The SQL is the same on every driver.
 */
describe.runIf(process.env.TEST_DB_DRIVER === 'pglite')('migration 0038 and the open sessions', () => {
  it('shortens remembered sessions to 12 hours and gives agents the 30 idle minutes', async () => {
    await onDatabaseBefore(38, async (db, migrateRest) => {
      const users = await db.query<{ id: string; email: string }>(
        `INSERT INTO users (email, display_name, password_hash, user_type) VALUES
           ('kundin@example.test', 'Kundin', NULL, 'customer'), ('agent@example.test', 'Agent', NULL, 'agent')
         RETURNING id, email`,
      );
      const idOf = (email: string) => users.rows.find((u) => u.email === email)!.id;
      const login = '2030-01-01T10:00:00Z';
      // As 0039 created them: 12 hours and 30 idle minutes, or 30 days and 7 idle days when remembered.
      for (const [token, email, days, idle] of [
        ['customer-short', 'kundin@example.test', 0.5, 1800],
        ['customer-remembered', 'kundin@example.test', 30, 604800],
        ['agent-remembered', 'agent@example.test', 30, 604800],
      ] as const) {
        await db.query(
          `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at, idle_seconds)
           VALUES ($1, $2, $3, $3::timestamptz + $4 * interval '1 day', $3, $5)`,
          [token, idOf(email), login, days, idle],
        );
      }

      await migrateRest();

      const { rows } = await db.query<{ token_hash: string; hours: number; idle_seconds: number }>(
        `SELECT token_hash, EXTRACT(EPOCH FROM expires_at - created_at)::int / 3600 AS hours, idle_seconds FROM sessions ORDER BY token_hash`,
      );
      expect(rows).toEqual([
        { token_hash: 'agent-remembered', hours: 12, idle_seconds: 1800 },
        { token_hash: 'customer-remembered', hours: 12, idle_seconds: 43200 },
        { token_hash: 'customer-short', hours: 12, idle_seconds: 1800 },
      ]);
    });
  });
});
