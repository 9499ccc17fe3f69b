import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { matchRoute, routesOf, type FunctionModule, type FunctionRoute } from './function-routes.ts';

export type ModuleLoader = (file: string) => Promise<FunctionModule>;

const FUNCTION_FILE = /\.(mts|ts|mjs|js)$/;

export async function functionFiles(functionsDir: string): Promise<string[]> {
  const entries = await readdir(functionsDir, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && FUNCTION_FILE.test(e.name))
    .map((e) => join(functionsDir, e.name))
    .sort();
}

/** Loads every function module once and indexes its routes (the `npm start` server). */
export async function loadFunctions(functionsDir: string, load: ModuleLoader) {
  const modules = new Map<string, FunctionModule>();
  const routes: FunctionRoute[] = [];
  for (const file of await functionFiles(functionsDir)) {
    const module = await load(file);
    modules.set(file, module);
    routes.push(...routesOf(module, file));
  }
  return {
    /** Every module by file, for the schedules (schedules.ts). */
    modules: modules as ReadonlyMap<string, FunctionModule>,
    find(pathname: string) {
      const match = matchRoute(routes, pathname);
      if (!match) return undefined;
      const module = modules.get(match.route.file);
      return module ? { module, params: match.params, preferStatic: match.route.preferStatic } : undefined;
    },
  };
}
