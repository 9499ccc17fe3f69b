import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The end-to-end suite runs against the production build served by the same
// server as `npm start` (scripts/serve.ts), with a throwaway data directory.
const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;
// Set once in the runner; workers inherit it, so tests can read the server's mail copies.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-data-')));
export const E2E_APP_SECRET = 'e2e-secret-with-enough-entropy-0123456789';
// Google sign-in runs against a local OpenID provider (tests/e2e/support/oidc-provider.ts).
const oidcIssuer = `http://127.0.0.1:${port + 1}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    locale: 'de-DE',
    // The suite browses as a visitor who asked for less motion: no fade-ins, typewriters or
    // sliders keep a 2-core runner's compositor busy (a fifth of the suite's time). The specs of
    // the motion itself and an axe scan of the moving landing page opt out (decision 0068).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node scripts/serve.ts',
      url: `${baseURL}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        APP_SECRET: E2E_APP_SECRET,
        // The specs share a few addresses for many mails; the daily cap per recipient is covered
        // by tests/integration/mail/visitor-cap.test.ts.
        VISITOR_MAILS_PER_DAY: '100000',
        // Registrations and orders need the proof of work (decisions 0006, 0063): 8 tasks instead of
        // 48 go through the same solver and checks; the production amount is the integration
        // tests' and the benchmark's (decision 0068).
        HASHCASH_TASKS: '8',
        GOOGLE_CLIENT_ID: 'e2e-client.apps.example',
        GOOGLE_CLIENT_SECRET: 'e2e-client-secret',
        GOOGLE_ISSUER: oidcIssuer,
      },
    },
    {
      command: 'node tests/e2e/support/oidc-provider.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { OIDC_PORT: String(port + 1) },
    },
  ],
});
