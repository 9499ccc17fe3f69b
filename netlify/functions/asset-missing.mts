import type { Config } from '@netlify/functions';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { httpMessages } from '../../src/server/http/errors.ts';

/**
 * 404 for a file under /_astro/ that this deploy does not have, e.g. an asset of a newer deploy
 * asked for from an older edge during a rollout. The generated _headers gives /_astro/* the
 * year-long immutable Cache-Control, and Netlify applies header rules by path: its 404 page for
 * such a path could carry it, and a browser or CDN would keep the miss for a year. Netlify applies
 * no custom header rule to an answer of a function, so this one answers with no-store and the API
 * security headers (endpoint wrapper). `preferStatic` keeps every existing asset a static file:
 * the function only runs where no file is (docs/decisions/0041, amended 2026-11-24).
 */
export default endpoint({
  GET: () =>
    new Response(httpMessages.missingAsset, {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    }),
});

// Typed, so that a misspelt preferStatic fails the type check instead of shadowing every asset.
export const config: Config = { path: '/_astro/*', preferStatic: true };
