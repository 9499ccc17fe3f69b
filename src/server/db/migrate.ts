import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Arbitrary but fixed: serialises concurrent migrators (several function cold starts). */
const MIGRATION_LOCK_ID = 727_274_001;

/**
 * Where the .sql files are: beside this module in the source tree, or at the same
 * repository-relative path when a bundler moved the code (Netlify's included_files).
 */
function candidateDirs(): string[] {
  return [fileURLToPath(new URL('./migrations', import.meta.url)), join(process.cwd(), 'src/server/db/migrations')];
}

export async function loadMigrations(dirs: string[] = candidateDirs()): Promise<Migration[]> {
  for (const dir of dirs) {
    let files: string[];
    try {
      files = await readdir(dir);
    } catch {
      continue;
    }
    const migrations: Migration[] = [];
    for (const file of files.sort()) {
      const match = FILE_NAME.exec(file);
      if (!match) continue;
      migrations.push({ version: Number(match[1]), name: match[2]!, sql: await readFile(join(dir, file), 'utf8') });
    }
    const versions = migrations.map((m) => m.version);
    if (new Set(versions).size !== versions.length) throw new Error(`Doppelte Migrationsnummer in ${dir}`);
    return migrations;
  }
  throw new Error(`Migrationsordner nicht gefunden (gesucht in: ${dirs.join(', ')})`);
}

/**
 * Applies every migration not yet recorded, in order, each in its own transaction under a
 * transaction-scoped advisory lock, so parallel cold starts apply each file exactly once.
 * Forward-only: a recorded version is never run again or rolled back.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  const applied: number[] = [];
  for (const migration of all) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      // Under the lock: two first starts would otherwise race on creating the table itself.
      await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.rowCount > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
}
