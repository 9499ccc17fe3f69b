import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILD_CONTEXT_FILE, isPreviewContext } from '../../src/server/deploy-context.ts';
import { MAIL_LOG_BEGIN, MAIL_LOG_END } from '../../src/server/mail/log-transport.ts';
import type { CheckResult } from './checks.ts';
import { withClient } from './scratch-db.ts';
import { readZipEntry } from './zip.ts';

/**
 * The mails a preview wrote to the function log for one recipient (netlify serve passes the
 * functions' stdout to its own). Waits a little: the log is written through a pipe.
 */
export async function loggedMails(logFile: string, recipient: string, timeoutMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await readFile(logFile, 'utf8').catch(() => '');
    const blocks = text
      .split(MAIL_LOG_BEGIN)
      .slice(1)
      .map((rest) => rest.split(MAIL_LOG_END)[0] ?? '')
      .filter((block) => block.split('\n').some((line) => line.trim() === `An: ${recipient}`));
    if (blocks.length > 0 || Date.now() > deadline) return blocks;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Pages and an API answer: noindex exactly where expected (a preview), on every server given. */
export async function checkRobotsTag(origins: { netlify: string; local?: string | undefined }, expected: string | null): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const tag = async (origin: string, path: string) => {
    const response = await fetch(origin + path, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    return response.headers.get('x-robots-tag');
  };
  const show = (value: string | null) => value ?? 'keiner';
  for (const path of ['/', '/ueber-uns', '/api/auth/providers']) {
    const netlify = await tag(origins.netlify, path);
    const local = origins.local ? await tag(origins.local, path) : undefined;
    results.push({
      check: `X-Robots-Tag ${path}`,
      netlify: show(netlify),
      local: local === undefined ? '–' : show(local),
      ok: netlify === expected && (local === undefined || local === expected),
    });
  }
  return results;
}

/**
 * Every function bundle (what Netlify would upload) carries the build's record: its context and,
 * for a preview, the preview's own address its links name (decision 0041). netlify serve runs the
 * functions in the project directory, where the file exists anyway; only the zips show that
 * included_files puts it where a deployed function looks for it.
 */
export async function checkBundledContext(functionsDir: string, expected: string): Promise<CheckResult> {
  // The manifest names this build's bundles; older zips in the folder are not part of it.
  const manifest = JSON.parse(await readFile(join(functionsDir, 'manifest.json'), 'utf8')) as { functions: { path: string }[] };
  const zips = manifest.functions.map((f) => f.path).filter((path) => path.endsWith('.zip'));
  const found = new Map<string, number>();
  let withoutOrigin = 0;
  for (const zip of zips) {
    const entry = await readZipEntry(zip, BUILD_CONTEXT_FILE);
    let context = 'fehlt';
    if (entry) {
      const parsed = JSON.parse(entry.toString('utf8')) as { context?: unknown; origin?: unknown };
      context = typeof parsed.context === 'string' ? parsed.context : String(parsed.context);
      if (typeof parsed.origin !== 'string') withoutOrigin += 1;
    }
    found.set(context, (found.get(context) ?? 0) + 1);
  }
  const summary = [...found].map(([context, n]) => `${context} ×${n}`).join(', ') || 'keine Bundles';
  // A preview's functions refuse to run without their address; production's is not needed.
  const originOk = !isPreviewContext(expected) || withoutOrigin === 0;
  return {
    check: 'Build-Kontext in jedem Funktions-Bundle',
    netlify: withoutOrigin > 0 ? `${summary} (${withoutOrigin} ohne Adresse)` : summary,
    local: '–',
    ok: zips.length > 0 && found.get(expected) === zips.length && originOk,
  };
}

/** Production's database, handed to the preview as DATABASE_URL: not even migrated. */
export async function checkUntouched(databaseUrl: string): Promise<CheckResult> {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query<{ tables: number }>(
      "SELECT count(*)::int AS tables FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    ),
  );
  const tables = rows[0]?.tables ?? -1;
  return { check: 'DATABASE_URL (Produktion) unberührt', netlify: `${tables} Tabellen`, local: '–', ok: tables === 0 };
}
