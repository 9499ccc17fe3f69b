/** `npm run db:migrate`: applies pending migrations to the database the environment names. */
import { loadEnv } from '../src/server/env.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { openDb } from '../src/server/db/index.ts';

const config = loadEnv();
const db = await openDb(config);
try {
  const applied = await migrate(db);
  console.log(
    applied.length === 0
      ? `Datenbank (${db.kind}) ist aktuell.`
      : `Migrationen angewendet (${db.kind}): ${applied.map((v) => String(v).padStart(4, '0')).join(', ')}`,
  );
} catch (error) {
  console.error('Migration fehlgeschlagen:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
