import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { closeDb } from '../../../src/server/db/index.ts';

// Runs before every test file, before the file's own imports are evaluated. The env module
// is parsed once per file (files are isolated), so these variables decide the driver.
const driver = process.env.TEST_DB_DRIVER ?? 'pglite';
const dataDir = mkdtempSync(join(tmpdir(), 'it-data-'));

process.env.DATA_DIR = dataDir;
process.env.APP_SECRET = 'integration-test-secret-0123456789abcdef';
delete process.env.SMTP_URL;
// Tests reuse a few addresses for many records; the daily cap per recipient has its own test
// (tests/integration/mail/visitor-cap.test.ts), which sets the production value.
process.env.VISITOR_MAILS_PER_DAY = '100000';
delete process.env.NETLIFY;
if (driver === 'pglite') {
  delete process.env.DATABASE_URL;
  delete process.env.DB_DRIVER;
  delete process.env.NEON_WS_PROXY;
  delete process.env.NEON_HTTP_PROXY;
} else {
  // VITEST_POOL_ID (1 … maxWorkers) is unique among the files running at the same moment.
  const databases = inject('databaseUrls');
  process.env.DATABASE_URL = databases[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % databases.length];
  process.env.DB_DRIVER = driver;
  if (driver === 'neon') {
    process.env.NEON_WS_PROXY = inject('neonWsProxy');
    process.env.NEON_HTTP_PROXY = inject('neonHttpProxy');
  }
}

afterAll(async () => {
  // Mails the functions deliver after their answer still use the database. Imported late: the
  // module loads functions that must see the variables above.
  const { afterResponsesSettled } = await import('../http/visitor.ts');
  await afterResponsesSettled();
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
});
