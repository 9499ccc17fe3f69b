import type { Config } from '@netlify/functions';
import type { FunctionContext } from '../http/endpoint.ts';

/**
 * Matches request paths against the `config.path` of the Netlify Functions v2 modules,
 * with Netlify's pattern syntax (a `:name` parameter, a trailing `*`), so the local servers
 * route exactly as production does.
 */

export interface FunctionModule {
  default: (request: Request, context: FunctionContext) => Promise<Response> | Response;
  config?: Config;
}

export interface FunctionRoute {
  pattern: string;
  regex: RegExp;
  paramNames: string[];
  file: string;
  /**
   * Netlify's `config.preferStatic`: a static file at the path wins, the function answers only
   * where there is none. Without it the function wins over a file (Netlify's request chain).
   */
  preferStatic: boolean;
}

function escapeRegex(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

export function compilePattern(pattern: string, file: string, options: { preferStatic?: boolean } = {}): FunctionRoute {
  const paramNames: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return '(.*)';
      if (segment.startsWith(':')) {
        paramNames.push(segment.slice(1));
        return '([^/]+)';
      }
      return escapeRegex(segment);
    })
    .join('/');
  return { pattern, regex: new RegExp(`^${source}/?$`), paramNames, file, preferStatic: options.preferStatic === true };
}

export function routesOf(module: FunctionModule, file: string): FunctionRoute[] {
  const path = module.config?.path;
  const patterns = path === undefined ? [] : Array.isArray(path) ? path : [path];
  const preferStatic = module.config?.preferStatic === true;
  return patterns.map((pattern) => compilePattern(pattern, file, { preferStatic }));
}

export function matchRoute(
  routes: readonly FunctionRoute[],
  pathname: string,
): { route: FunctionRoute; params: Record<string, string> } | undefined {
  for (const route of routes) {
    const match = route.regex.exec(pathname);
    if (!match) continue;
    // Undecoded, as Netlify passes them: the endpoint wrapper decodes (and refuses a bad escape).
    const params: Record<string, string> = {};
    route.paramNames.forEach((name, index) => {
      params[name] = match[index + 1] ?? '';
    });
    return { route, params };
  }
  return undefined;
}

/** API paths that no function serves get a JSON 404, not the HTML error page. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/security/');
}
