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
 * Where the build leaves its deploy context for the functions, relative to the repository root.
 * Netlify hands `CONTEXT` to the build only; netlify.toml lists this file in `included_files`, so
 * every function bundle carries the context of the very build that made it.
 */
export const BUILD_CONTEXT_FILE = 'netlify/generated/deploy-context.json';

const BuildContextSchema = v.object({ context: v.nullable(v.pipe(v.string(), v.nonEmpty())) });

/** The file's content; `null` for a build outside Netlify (no `CONTEXT`). */
export function renderBuildContext(context: string | undefined): string {
  return `${JSON.stringify({ context: context === undefined || context === '' ? null : context })}\n`;
}

/**
 * The context the build recorded, read from the bundle (functions run with the bundle root as
 * working directory, as for the migrations). Undefined when the build ran outside Netlify; a
 * missing or unreadable file is reported, because then only Netlify's per-request context is
 * left to recognise a preview (see the endpoint wrapper).
 */
export function readBuildContext(root: string = process.cwd()): string | undefined {
  const file = join(root, BUILD_CONTEXT_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    console.error(`[deploy] ${BUILD_CONTEXT_FILE} fehlt im Funktions-Bundle: Deploy-Kontext des Builds unbekannt.`);
    return undefined;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const parsed = v.safeParse(BuildContextSchema, data);
  if (!parsed.success) {
    console.error(`[deploy] ${BUILD_CONTEXT_FILE} ist ungültig: Deploy-Kontext des Builds unbekannt.`);
    return undefined;
  }
  return parsed.output.context ?? undefined;
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
 * The deploy context of the build this code was bundled by, as this process sees it. Only a
 * function in Netlify's runtime belongs to a deploy; the local server, scripts and tests never do,
 * whatever a previous build left in the working copy.
 */
export function deployContextOfBuild(): string | undefined {
  return inNetlifyFunction() ? readBuildContext() : undefined;
}
