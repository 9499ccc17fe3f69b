import { join } from 'node:path';
import { env, type Env } from '../env.ts';
import { HttpError, httpMessages } from '../http/errors.ts';
import { migrate } from './migrate.ts';
import type { Db } from './types.ts';

export type { Db, Queryable, QueryResult, Transaction } from './types.ts';

/** Opens the database the environment names, without migrating it. */
export async function openDb(config: Pick<Env, 'dbDriver' | 'databaseUrl' | 'dataDir' | 'neonWsProxy' | 'neonHttpProxy'> = env()): Promise<Db> {
  switch (config.dbDriver) {
    case 'pglite': {
      // Loaded on demand: the WebAssembly build is only needed for the local default.
      const { openPglite } = await import('./drivers/pglite.ts');
      return openPglite(join(config.dataDir, 'pglite'));
    }
    case 'postgres': {
      const { openPostgres } = await import('./drivers/postgres.ts');
      return openPostgres(requireUrl(config.databaseUrl));
    }
    case 'neon': {
      const { openNeon } = await import('./drivers/neon.ts');
      return openNeon(requireUrl(config.databaseUrl), { ws: config.neonWsProxy, http: config.neonHttpProxy });
    }
    case 'none':
      throw previewWithoutDatabase();
  }
}

let reportedMissingPreviewDb = false;

/**
 * A preview without a database of its own must fail rather than fall back to production's
 * DATABASE_URL: a 503 for the visitor, and one line per instance for whoever reads the log.
 */
function previewWithoutDatabase(): HttpError {
  if (!reportedMissingPreviewDb) {
    reportedMissingPreviewDb = true;
    console.error(
      '[db] Vorschau ohne eigene Datenbank: weder NETLIFY_DATABASE_URL noch PREVIEW_DATABASE_URL ist gesetzt ' +
        '(DATABASE_URL gehört der Produktion und wird in Vorschauen nie benutzt). ' +
        'Preview has no database of its own; production DATABASE_URL is never used.',
    );
  }
  return new HttpError(503, httpMessages.previewWithoutDatabase);
}

function requireUrl(url: string | undefined): string {
  if (!url) throw new Error('DATABASE_URL fehlt.');
  return url;
}

let current: Promise<Db> | undefined;

/**
 * The process-wide database, opened and migrated on first use. Every function instance
 * shares one pool (or the one embedded PGlite), and pending migrations apply automatically.
 */
export function getDb(): Promise<Db> {
  current ??= (async () => {
    const db = await openDb();
    try {
      await migrate(db);
    } catch (error) {
      await db.close().catch(() => undefined);
      throw error;
    }
    return db;
  })().catch((error: unknown) => {
    current = undefined; // let the next request try again instead of caching the failure
    throw error;
  });
  return current;
}

/** Closes the process-wide database (server shutdown, end of a test file). */
export async function closeDb(): Promise<void> {
  const pending = current;
  current = undefined;
  if (pending) await (await pending).close();
}
