/**
 * `npm run test:deploy-parity`: builds the Netlify deployment offline and serves it with
 * `netlify serve` (Netlify's own build, function bundling and routing) against a scratch database
 * on the real PostgreSQL, starts the local server on the same build, and checks that health,
 * registration and login work on Netlify and that aliases, the token-page rewrite, the 404 and
 * /_astro/ (a built asset, a missing one) answer as locally. Before that, the same with
 * `--context deploy-preview`: a preview on its own database, production's untouched, mails in the
 * log, noindex. Prints a table per run; exits non-zero on any mismatch. See docs/decisions/0023,
 * 0026 and 0041.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readBuildContext } from '../src/server/deploy-context.ts';
import { checkAccountFlow, checkAliases, checkAssets, checkFallbacks, checkHealth, checkPricing, type CheckResult, type Targets } from './deploy-parity/checks.ts';
import { killChildNow, logTail, startChild, stopChild, waitUntilReady, type Child } from './deploy-parity/children.ts';
import { checkBundledContext, checkRobotsTag, checkUntouched } from './deploy-parity/preview-checks.ts';
import { createScratchDb, type ScratchDb } from './deploy-parity/scratch-db.ts';
import { startSmtpSink, type SmtpSink } from './deploy-parity/smtp-sink.ts';

const root = resolve(import.meta.dirname, '..');
const basePort = Number.parseInt(process.env.DEPLOY_PARITY_PORT ?? '4540', 10);
const ports = { netlify: basePort, functions: basePort + 1, staticServer: basePort + 2, local: basePort + 3, smtp: basePort + 4 };
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Netlify's build (Astro, 35 function bundles) on a busy 2-core CI machine takes about 2 minutes. */
const NETLIFY_READY_MS = 300_000;
const LOCAL_READY_MS = 30_000;
const REFUSED_LOOKUP = '[deploy-parity offline-guard] refused DNS lookup:';

const workDir = mkdtempSync(join(tmpdir(), 'deploy-parity-'));
const functionsBundleDir = join(root, '.netlify/functions');
const children: Child[] = [];
const databases: ScratchDb[] = [];
let smtp: SmtpSink | undefined;

/**
 * Variables of the app (and Netlify's CONTEXT, which netlify-cli would take as the deploy context)
 * that must come from this run only, never from the caller's shell.
 */
const APP_VARIABLES = [
  'NETLIFY',
  'CONTEXT',
  'DEPLOY_PRIME_URL',
  'URL',
  'SITE_URL',
  'DB_DRIVER',
  'NEON_WS_PROXY',
  'NEON_HTTP_PROXY',
  'NETLIFY_DATABASE_URL',
  'PREVIEW_DATABASE_URL',
  'SMTP_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_ISSUER',
  'PORT',
  'DATA_DIR',
];

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARIABLES) delete env[name];
  return { ...env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}`, ASTRO_TELEMETRY_DISABLED: '1', ...extra };
}

/** A private netlify-cli configuration: telemetry off, no login or linked site needed. */
function netlifyConfigHome(): string {
  const home = join(workDir, 'config');
  mkdirSync(join(home, 'netlify'), { recursive: true });
  writeFileSync(join(home, 'netlify', 'config.json'), JSON.stringify({ telemetryDisabled: true }));
  return home;
}

function printTable(title: string, rows: CheckResult[]): void {
  console.log(`\n${title}`);
  const header = { check: 'Prüfung', netlify: 'netlify serve', local: 'lokaler Server', ok: true };
  const all = [header, ...rows];
  const width = (key: 'check' | 'netlify' | 'local') => Math.max(...all.map((r) => r[key].length));
  const [w1, w2, w3] = [width('check'), width('netlify'), width('local')];
  const line = (r: CheckResult, mark: string) => `${r.check.padEnd(w1)}  ${r.netlify.padEnd(w2)}  ${r.local.padEnd(w3)}  ${mark}`;
  console.log(line(header, 'Ergebnis'));
  for (const r of rows) console.log(line(r, r.ok ? 'ok' : 'ABWEICHUNG'));
}

async function cleanup(): Promise<void> {
  await Promise.all(children.map((child) => stopChild(child)));
  await smtp?.close();
  smtp = undefined;
  for (const db of databases.splice(0)) {
    await db.drop().catch((error: unknown) => console.error(`Datenbank ${db.name} nicht gelöscht:`, error));
  }
}

async function scratchDb(): Promise<ScratchDb> {
  const db = await createScratchDb(adminUrl);
  databases.push(db);
  return db;
}

/**
 * `netlify serve --offline`: runs Netlify Build (`npm run build`, then esbuild bundles every
 * function) for the given deploy context and serves the result. Resolves once it answers.
 */
async function startNetlify(name: string, context: 'production' | 'deploy-preview', env: Record<string, string>): Promise<Child> {
  const started = Date.now();
  // netlify-cli resolves its configuration, including dist/_headers and dist/_redirects, before it
  // builds, and serves the union of those stale rules and the fresh ones: after a preview build the
  // production run would still send noindex. Netlify itself always builds from a clean checkout.
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  console.log(`netlify serve --offline --context ${context} (Build und Funktionen) auf Port ${ports.netlify} …`);
  const netlify = startChild(
    name,
    join(root, 'node_modules/.bin/netlify'),
    [
      'serve',
      '--offline',
      '--context',
      context,
      '--port',
      String(ports.netlify),
      '--functions-port',
      String(ports.functions),
      '--staticServerPort',
      String(ports.staticServer),
    ],
    {
      logFile: join(workDir, `netlify-serve-${context}.log`),
      env: baseEnv({
        BROWSER: 'none',
        XDG_CONFIG_HOME: netlifyConfigHome(),
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(join(root, 'scripts/deploy-parity/offline-guard.ts')).href}`.trim(),
        ...env,
      }),
    },
  );
  children.push(netlify);
  try {
    await waitUntilReady(netlify, `http://127.0.0.1:${ports.netlify}/`, NETLIFY_READY_MS);
  } catch (error) {
    console.error(await logTail(netlify));
    throw error;
  }
  console.log(`netlify serve bereit nach ${Math.round((Date.now() - started) / 1000)} s.`);
  return netlify;
}

async function stop(child: Child): Promise<void> {
  await stopChild(child);
  children.splice(children.indexOf(child), 1);
}

function refusedLookups(child: Child): string[] {
  const log = readFileSync(child.logFile, 'utf8');
  return log.split('\n').filter((l) => l.startsWith(REFUSED_LOOKUP)).map((l) => l.slice(REFUSED_LOOKUP.length).trim());
}

/**
 * The deploy preview an editor's pull request gets: its own database (PREVIEW_DATABASE_URL),
 * while DATABASE_URL – production's – points at a database that must stay empty; the SMTP sink is
 * offered but must get nothing, the reset mail must be in the function log instead.
 */
async function previewRun(appSecret: string): Promise<{ rows: CheckResult[]; netlify: Child }> {
  const previewDb = await scratchDb();
  const productionDb = await scratchDb();
  const netlifyDataDir = join(workDir, 'preview-data');
  const netlify = await startNetlify('netlify serve (Vorschau)', 'deploy-preview', {
    DATABASE_URL: productionDb.url,
    PREVIEW_DATABASE_URL: previewDb.url,
    APP_SECRET: appSecret,
    DATA_DIR: netlifyDataDir,
    SMTP_URL: smtp!.url,
  });
  const targets = {
    netlifyOrigin: `http://127.0.0.1:${ports.netlify}`,
    databaseUrl: previewDb.url,
    netlifyDataDir,
    smtpRecipients: smtp!.recipients,
  };
  const rows = [
    await checkHealth(targets),
    ...(await checkAccountFlow(targets, { kind: 'log', logFile: netlify.logFile, linkOrigin: recordedOrigin() })),
    ...(await checkPricing({ netlifyOrigin: targets.netlifyOrigin, root })),
    ...(await checkRobotsTag({ netlify: targets.netlifyOrigin }, 'noindex')),
    await checkBundledContext(functionsBundleDir, 'deploy-preview'),
  ];
  await stop(netlify);
  rows.push(await checkUntouched(productionDb.url));
  return { rows, netlify };
}

/**
 * The preview's own address as its build recorded it (netlify-cli sets DEPLOY_PRIME_URL to
 * https://<branch>--site-name.netlify.app offline): what its mail links must name, although the
 * run reaches it at 127.0.0.1. A placeholder that no link matches when the build recorded none.
 */
function recordedOrigin(): string {
  const { origin } = readBuildContext(root);
  try {
    return origin ? new URL(origin).origin : 'kein DEPLOY_PRIME_URL festgehalten';
  } catch {
    return `ungültiges DEPLOY_PRIME_URL ${origin}`;
  }
}

async function productionRun(appSecret: string): Promise<{ rows: CheckResult[]; netlify: Child }> {
  const db = await scratchDb();
  const netlifyDataDir = join(workDir, 'netlify-data');
  const netlify = await startNetlify('netlify serve', 'production', {
    // Production names its public address, as an operator with a domain does (decision 0041):
    // offline, netlify-cli gives the functions URL=http://localhost:<port> but the build none, so
    // without it the Belehrung would name the local default the functions never link to.
    SITE_URL: `http://localhost:${ports.netlify}`,
    DATABASE_URL: db.url,
    APP_SECRET: appSecret,
    DATA_DIR: netlifyDataDir,
    SMTP_URL: smtp!.url,
  });

  // The local server serves the very build netlify just made, on the same database.
  const local = startChild('lokaler Server', process.execPath, [join(root, 'scripts/serve.ts')], {
    logFile: join(workDir, 'local-serve.log'),
    env: baseEnv({ PORT: String(ports.local), DATABASE_URL: db.url, APP_SECRET: appSecret, DATA_DIR: join(workDir, 'local-data'), SMTP_URL: smtp!.url }),
  });
  children.push(local);
  try {
    await waitUntilReady(local, `http://127.0.0.1:${ports.local}/`, LOCAL_READY_MS);
  } catch (error) {
    console.error(await logTail(local));
    throw error;
  }

  const targets: Targets = {
    netlifyOrigin: `http://127.0.0.1:${ports.netlify}`,
    localOrigin: `http://127.0.0.1:${ports.local}`,
    databaseUrl: db.url,
    distDir: join(root, 'dist'),
    netlifyDataDir,
    smtpRecipients: smtp!.recipients,
  };
  // Health first: the first function call on the fresh database runs the migrations,
  // which must be in the bundle (netlify.toml included_files).
  const rows = [
    await checkHealth(targets),
    ...(await checkAccountFlow(targets)),
    ...(await checkPricing({ netlifyOrigin: targets.netlifyOrigin, localOrigin: targets.localOrigin, root })),
    ...(await checkAliases(targets)),
    ...(await checkFallbacks(targets)),
    ...(await checkAssets(targets)),
    ...(await checkRobotsTag({ netlify: targets.netlifyOrigin, local: targets.localOrigin }, null)),
    await checkBundledContext(functionsBundleDir, 'production'),
  ];
  return { rows, netlify };
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: räume auf …`);
    void cleanup().finally(() => process.exit(1));
  });
}
process.once('exit', () => children.forEach(killChildNow));

async function main(): Promise<boolean> {
  const started = Date.now();
  const appSecret = randomBytes(48).toString('base64url');
  // On Netlify mail leaves by SMTP only (no .eml copies), so the run brings a mail server.
  smtp = await startSmtpSink(ports.smtp);
  console.log(`Arbeitsverzeichnis: ${workDir}`);

  // The preview first: both runs build into dist/ and .netlify/, and the production build is
  // the one to leave behind (it is what the local server and the e2e tests expect there).
  const preview = await previewRun(appSecret);
  const production = await productionRun(appSecret);
  printTable('Vorschau (netlify serve --context deploy-preview)', preview.rows);
  printTable('Produktion (netlify serve) im Vergleich mit dem lokalen Server', production.rows);

  const refused = [...new Set([...refusedLookups(preview.netlify), ...refusedLookups(production.netlify)])];
  console.log(`\nOffline: abgewiesene DNS-Anfragen von netlify-cli: ${refused.length === 0 ? 'keine' : refused.join(', ')}`);

  const rows = [...preview.rows, ...production.rows];
  const failed = rows.filter((r) => !r.ok);
  if (failed.length > 0) {
    console.error(`\n${failed.length} Abweichung(en). Protokolle: ${workDir}`);
    for (const child of [preview.netlify, production.netlify]) console.error(`\n${child.name}:\n${await logTail(child, 30)}`);
    return false;
  }
  console.log(`\nDeploy-Parität: alle ${rows.length} Prüfungen bestanden (${Math.round((Date.now() - started) / 1000)} s).`);
  return true;
}

let passed = false;
try {
  passed = await main();
} catch (error) {
  console.error('Deploy-Parität abgebrochen:', error instanceof Error ? error.message : error);
} finally {
  await cleanup();
}
if (passed) rmSync(workDir, { recursive: true, force: true });
process.exit(passed ? 0 : 1);
