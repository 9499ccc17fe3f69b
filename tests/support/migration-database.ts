import { openPglite } from '../../src/server/db/drivers/pglite.ts';
import type { Db } from '../../src/server/db/index.ts';
import { loadMigrations, migrate } from '../../src/server/db/migrate.ts';

/**
 * A migration test's database: a fresh embedded one migrated up to, not including, `version`.
 * `test` fills it as the tables stood then, runs the rest with `migrateRest()` and checks what the
 * migration made of the rows. The SQL is the same on every driver, so this runs on PGlite only.
 */
export async function onDatabaseBefore(version: number, test: (db: Db, migrateRest: () => Promise<unknown>) => Promise<void>): Promise<void> {
  const db = await openPglite(undefined);
  try {
    const all = await loadMigrations();
    await migrate(
      db,
      all.filter((migration) => migration.version < version),
    );
    await test(db, () => migrate(db, all));
  } finally {
    await db.close();
  }
}
