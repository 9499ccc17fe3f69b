import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';

/**
 * Netlify's deploy context: 'production', 'deploy-preview' (one per pull request),
 * 'branch-deploy', 'dev' (netlify dev/serve), or a branch name of a custom context.
 * See docs/decisions/0026-deploy-previews.md.
 */

/**
 * Deploys that show a change before it is live: they get their own database, send no mail and
 * must not be indexed. Branch deploys are treated like deploy previews: both are not the live site.
 */
const PREVIEW_CONTEXTS: ReadonlySet<string> = new Set(['deploy-preview', 'branch-deploy']);

export function isPreviewContext(context: string | null | undefined): boolean {
  return typeof context === 'string' && PREVIEW_CONTEXTS.has(context);
}

/**
 * Where the build leaves its record for the functions, relative to the repository root. Netlify
 * hands `CONTEXT` and `DEPLOY_PRIME_URL` to the build only; netlify.toml lists this file in
 * `included_files`, so every function bundle carries the record of the very build that made it.
 */
export const BUILD_CONTEXT_FILE = 'netlify/generated/deploy-context.json';

/**
 * What a build tells its functions: Netlify's deploy context (`CONTEXT`) and the deploy's own
 * address (`DEPLOY_PRIME_URL`: a preview's `https://deploy-preview-42--<site>.netlify.app`, a
 * branch deploy's `https://<branch>--<site>.netlify.app`). Functions get neither at run time; a
 * preview needs the address to link back to itself without trusting a request's Host header
 * (decision 0041). Both are absent for a build outside Netlify.
 */
export interface BuildRecord {
  context?: string | undefined;
  origin?: string | undefined;
}

const recorded = v.nullable(v.pipe(v.string(), v.nonEmpty()));
// `origin` may be missing in a file of the older format ({ context } only): its context still
// counts, so such a preview is still recognised, and refused for want of an address (env.ts).
const BuildRecordSchema = v.object({ context: recorded, origin: v.optional(recorded) });

const orNull = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value.trim());

/** The file's content; `null` for what a build outside Netlify does not know. */
export function renderBuildContext(record: BuildRecord): string {
  return `${JSON.stringify({ context: orNull(record.context), origin: orNull(record.origin) })}\n`;
}

/**
 * The record the build left, read from the bundle (functions run with the bundle root as working
 * directory, as for the migrations). Empty when the build ran outside Netlify; a missing or
 * unreadable file is reported and counts as empty, because then only Netlify's per-request
 * context is left to recognise a preview (see the endpoint wrapper).
 */
export function readBuildContext(root: string = process.cwd()): BuildRecord {
  const file = join(root, BUILD_CONTEXT_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    console.error(`[deploy] ${BUILD_CONTEXT_FILE} fehlt im Funktions-Bundle: Deploy-Kontext des Builds unbekannt.`);
    return {};
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const parsed = v.safeParse(BuildRecordSchema, data);
  if (!parsed.success) {
    console.error(`[deploy] ${BUILD_CONTEXT_FILE} ist ungültig: Deploy-Kontext des Builds unbekannt.`);
    return {};
  }
  return { context: parsed.output.context ?? undefined, origin: parsed.output.origin ?? undefined };
}

/**
 * Netlify sets NETLIFY only in builds: of its read-only variables, functions get just URL,
 * SITE_NAME and SITE_ID at runtime. Its function runtime (also under `netlify serve`) defines
 * the `Netlify` global before it loads a function, so that is how a function knows where it runs.
 */
export function inNetlifyFunction(): boolean {
  return 'Netlify' in globalThis;
}

/**
 * The record of the build this code was bundled by, as this process sees it. Only a function in
 * Netlify's runtime belongs to a deploy; the local server, scripts and tests never do, whatever a
 * previous build left in the working copy.
 */
export function buildRecordOfDeploy(): BuildRecord {
  return inNetlifyFunction() ? readBuildContext() : {};
}
