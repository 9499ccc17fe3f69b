import type { APIRoute, GetStaticPaths } from 'astro';
import * as v from 'valibot';
import { localeFiles, type LocaleFileName } from '../../lib/schemas/locales.ts';

// Bundled at build time; the JSON files stay the single source for editors.
const sources = import.meta.glob<unknown>('/locales/*.json', { eager: true, import: 'default' });

/**
 * Validates a locale file against its schema. A broken file fails the build with the file
 * and the field path, instead of reaching visitors.
 */
function validated(name: LocaleFileName): unknown {
  const source = sources[`/locales/${name}`];
  if (source === undefined) throw new Error(`locales/${name} fehlt.`);
  const result = v.safeParse(localeFiles[name], source);
  if (!result.success) {
    const details = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(Wurzel)'}: ${issue.message}`).join('; ');
    throw new Error(`locales/${name} ist ungültig – ${details}`);
  }
  return result.output;
}

export const getStaticPaths = (() =>
  (Object.keys(localeFiles) as LocaleFileName[]).map((file) => ({ params: { file } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(validated(params.file as LocaleFileName)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
