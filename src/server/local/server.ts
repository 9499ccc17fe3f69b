import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { errorJson } from '../http/respond.ts';
import { apiSecurityHeaders } from '../http/security-headers.ts';
import { httpMessages } from '../http/errors.ts';
import { isApiPath, type FunctionModule } from './function-routes.ts';
import { loadFunctions } from './functions-loader.ts';
import { startSchedules } from './schedules.ts';
import { parseHeadersFile, parseRedirectsFile, pathMatches, type HeaderRule, type RedirectRule } from './netlify-files.ts';
import { compressed, negotiateEncoding } from './compression.ts';
import { clientIp, sendFetchResponse, toFetchRequest } from './node-bridge.ts';
import { contentTypeOf, readStatic, resolveStaticFile } from './static-files.ts';

export interface LocalServerOptions {
  distDir: string;
  functionsDir: string;
  host: string;
  port: number;
}

async function readOptional(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The server behind `npm start`: the built site plus every function, in one process, the way
 * Netlify serves them (functions by `config.path`, behind the files if `preferStatic`, static files with pretty URLs, `_headers`,
 * `_redirects`, the 404 page with status 404). Functions run in-process because PGlite has a
 * single owner.
 */
export async function startLocalServer(options: LocalServerOptions): Promise<Server> {
  // Functions import React components (.tsx), which Node does not compile itself.
  register('./tsx-hooks.ts', import.meta.url);
  const functions = await loadFunctions(
    options.functionsDir,
    (file) => import(pathToFileURL(file).href) as Promise<FunctionModule>,
  );
  const headerRules = parseHeadersFile(await readOptional(join(options.distDir, '_headers')));
  const redirectRules = parseRedirectsFile(await readOptional(join(options.distDir, '_redirects')));
  const fallbackOrigin = `http://${options.host}:${options.port}`;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[server]', error);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      }
      res.end('Interner Fehler');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The Host header names the origin the browser used (127.0.0.1 or localhost, any port).
    const origin = req.headers.host ? `http://${req.headers.host}` : fallbackOrigin;
    const url = new URL(req.url ?? '/', origin);
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    const fn = functions.find(url.pathname);
    // Netlify's request chain: a function's path wins over a file at that path, unless the
    // function's config says preferStatic (the /_astro/ 404 function): then an existing file is
    // served as usual and the function answers only where there is none.
    if (fn?.preferStatic && isRead) {
      const file = await resolveStaticFile(options.distDir, url.pathname);
      if (file) {
        await sendStatic(res, req, url.pathname, file, 200);
        return;
      }
    }
    if (fn) {
      const request = toFetchRequest(req, origin);
      const response = await fn.module.default(request, { ip: clientIp(req), params: fn.params });
      await sendFetchResponse(res, response);
      return;
    }
    if (isApiPath(url.pathname)) {
      const response = errorJson(404, httpMessages.notFound, undefined, { ...apiSecurityHeaders });
      await sendFetchResponse(res, response);
      return;
    }
    const file = isRead ? await resolveStaticFile(options.distDir, url.pathname) : undefined;
    if (file) {
      await sendStatic(res, req, url.pathname, file, 200);
      return;
    }
    const redirect = findRedirect(redirectRules, url.pathname);
    // Status 200 is a Netlify rewrite: the target page answers under the requested address.
    const rewritten = redirect?.status === 200 && isRead ? await resolveStaticFile(options.distDir, redirect.to) : undefined;
    if (rewritten) {
      await sendStatic(res, req, url.pathname, rewritten, 200);
      return;
    }
    if (redirect && redirect.status !== 200) {
      applyHeaderRules(res, headerRules, url.pathname);
      res.statusCode = redirect.status;
      res.setHeader('Location', redirect.to + url.search);
      res.end();
      return;
    }
    const notFound = join(options.distDir, '404.html');
    await sendStatic(res, req, url.pathname, notFound, 404);
  }

  async function sendStatic(res: ServerResponse, req: IncomingMessage, pathname: string, file: string, status: number) {
    let body = await readStatic(file);
    applyHeaderRules(res, headerRules, pathname);
    res.statusCode = status;
    const contentType = contentTypeOf(file);
    res.setHeader('Content-Type', contentType);
    const encoding = negotiateEncoding(req.headers['accept-encoding'], contentType);
    if (encoding) {
      body = compressed(file, body, encoding);
      res.setHeader('Content-Encoding', encoding);
    }
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Length', body.byteLength);
    // The header rules are meant for the files under their paths, but match a 404 there too: no
    // 404 page is ever cached. (A missing /_astro/ asset no longer gets here: the asset-missing
    // function answers it, as on Netlify, where this override does not exist.)
    if (status === 404) res.setHeader('Cache-Control', 'no-store');
    else if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const schedules = startSchedules(functions.modules, fallbackOrigin);
  server.once('close', () => schedules.stop());
  return server;
}

function findRedirect(rules: readonly RedirectRule[], pathname: string): RedirectRule | undefined {
  return rules.find((rule) => pathMatches(rule.from, pathname));
}

function applyHeaderRules(res: ServerResponse, rules: readonly HeaderRule[], pathname: string): void {
  for (const rule of rules) {
    if (!pathMatches(rule.path, pathname)) continue;
    for (const [name, value] of Object.entries(rule.headers)) res.setHeader(name, value);
  }
}
