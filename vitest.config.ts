import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/** Every project imports the compiled price source and AGB version (src/generated, not committed): compile it first. */
const CONTENT_SETUP = 'tests/setup/compiled-content.ts';

/**
 * The official e-invoice validation kit on every document the billing run makes (issue 34,
 * docs/decisions/0057): a project of its own, on PGlite only. The documents do not depend on the
 * database driver, and the kit's Java runs are the slow part: postgres and neon would validate
 * the same bytes twice more.
 */
const E_INVOICE_KIT_TEST = 'tests/integration/billing/e-invoice-validation.test.ts';

// Integration tests always run against embedded PGlite. When TEST_DATABASE_URL
// points at a real PostgreSQL they run again against it, once through node-postgres
// and once through the Neon serverless driver (over a local WebSocket-to-TCP proxy),
// each worker on a database of its own (tests/integration/setup/global.ts).

/**
 * With a real PostgreSQL (CI) the whole suite runs on the production drivers, pg and Neon. PGlite,
 * the local default, keeps what is its own there: the driver layer (tests/integration/db) and the
 * tests that run only on it (`runIf(… 'pglite')`: migrations over an older schema, a year of
 * billing runs). Every flow runs on PGlite anyway in the e-invoice kit's project and behind the
 * end-to-end suite's server; a third pass of all of them cost CI 12 of its minutes (decision 0068).
 */
function pgliteOwnTests(): string[] {
  const files = readdirSync('tests/integration', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join('tests/integration', file));
  return files.filter((file) => file.startsWith(join('tests/integration', 'db')) || /runIf\([^)]*'pglite'/.test(readFileSync(file, 'utf8')));
}

const integration = (name: string, driver: 'pglite' | 'postgres' | 'neon', include = ['tests/integration/**/*.test.ts']): TestProjectInlineConfiguration => ({
  test: {
    name,
    include,
    exclude: [E_INVOICE_KIT_TEST],
    environment: 'node',
    globalSetup: [CONTENT_SETUP, 'tests/integration/setup/global.ts'],
    setupFiles: ['tests/integration/setup/per-file.ts'],
    env: { TEST_DB_DRIVER: driver },
    // Room for a file that shares both cores with another file and their database servers.
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'unit',
      include: ['tests/unit/**/*.test.{ts,tsx}'],
      environment: 'node',
      globalSetup: [CONTENT_SETUP],
    },
  },
  {
    test: {
      // fast-check properties of the shared schemas and price functions (docs/decisions/0021).
      name: 'property',
      include: ['tests/property/**/*.test.ts'],
      environment: 'node',
      globalSetup: [CONTENT_SETUP],
      testTimeout: 30_000,
    },
  },
  integration('integration-pglite', 'pglite', process.env.TEST_DATABASE_URL ? pgliteOwnTests() : undefined),
  {
    test: {
      ...integration('e-invoice-kit', 'pglite').test,
      include: [E_INVOICE_KIT_TEST],
      exclude: [],
      // Dozens of documents through a JVM each; the test measures and reports its time.
      testTimeout: 900_000,
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push(integration('integration-postgres', 'postgres'), integration('integration-neon', 'neon'));
}

export default defineConfig({
  test: {
    projects,
    /**
     * Vitest's default is one worker less than the cores: one worker on a 2-core CI runner, which
     * then waits on PostgreSQL, the JVM of the e-invoice kit and bcrypt with a core idle. Two keep
     * both cores busy; a third stretched single tests towards their timeout (decision 0068).
     */
    maxWorkers: 2,
  },
});
