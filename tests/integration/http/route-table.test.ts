import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Route } from '../../../src/lib/http/route.ts';

/**
 * The route table (every src/features/<feature>/routes.ts, issue 37) and the functions agree:
 * Netlify reads each function's `config.path` as a literal without running it, so this test holds
 * every literal to the path its routes declare, and every route of the table to exactly one function.
 */

/** The table: each feature's routes module, read whole. */
const tableModules = readdirSync('src/features')
  .map((feature) => join('src', 'features', feature, 'routes.ts'))
  .filter((path) => existsSync(path));
const tableRoutes = (
  await Promise.all(tableModules.map(async (path) => Object.entries((await import(`../../../${path}`)) as Record<string, Route>)))
).flat();

const names = readdirSync('netlify/functions')
  .filter((file) => file.endsWith('.mts'))
  .map((file) => file.slice(0, -'.mts'.length))
  .sort();

interface FunctionModule {
  default: { routes?: readonly Route[] };
  config?: { path?: string | string[]; schedule?: string };
}

const modules = await Promise.all(
  names.map(async (name) => ({ name, module: (await import(`../../../netlify/functions/${name}.mts`)) as FunctionModule })),
);

/** Functions outside the table on purpose: scheduled runs without a path, and the answer for missing build assets. */
const notRoutes = new Set(['asset-missing', 'billing-run', 'forms-mail-retry', 'privacy-retention']);

describe('the route table and the functions', () => {
  it('every function of the table keeps the path of its routes as its config.path, one handler per method', () => {
    for (const { name, module } of modules) {
      const routes = module.default.routes ?? [];
      if (routes.length === 0) continue;
      expect(module.config?.path, name).toBe(routes[0]!.path);
      expect(new Set(routes.map((route) => route.path)), name).toEqual(new Set([routes[0]!.path]));
      expect(new Set(routes.map((route) => route.method)).size, name).toBe(routes.length);
    }
  });

  it('every route of the table has exactly one function, and one name across the features', () => {
    const names = tableRoutes.map(([name]) => name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    for (const [name, route] of tableRoutes) {
      const serving = modules.filter(({ module }) => module.default.routes?.includes(route));
      expect(serving.map((f) => f.name), name).toHaveLength(1);
    }
  });

  it('the functions outside the table are exactly the listed ones', () => {
    const outside = modules.filter(({ module }) => (module.default.routes ?? []).length === 0).map(({ name }) => name);
    expect(new Set(outside)).toEqual(notRoutes);
  });

  it('no page, island, store, client, server module or function names a path of the functions but in its config.path: they take the entry', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        // The local server imitates Netlify's router: it knows the functions' URL space (/api/, /security/), no route.
        if (entry.isDirectory()) {
          if (path !== join('src', 'server', 'local')) walk(path);
        } else if (/\.(ts|tsx|astro|mts)$/.test(entry.name) && !tableModules.includes(path)) {
          // Netlify reads a function's config.path as a literal; the first test holds it to its routes.
          const text = readFileSync(path, 'utf8').replace(/^export const config = .*$/m, '');
          for (const literal of text.matchAll(/['"`](\/(?:api|security|auth)\/[^'"`]*)/g)) offenders.push(`${path}: ${literal[1]}`);
          // Only api() reads an answer's JSON, as the type its route declares (no `as T` elsewhere).
          if (path !== join('src', 'client', 'api.ts') && /\.json\(\)\)? as /.test(text)) offenders.push(`${path}: JSON-Antwort per as`);
        }
      }
    };
    walk('src');
    walk('netlify/functions');
    expect(offenders).toEqual([]);
  });
});
