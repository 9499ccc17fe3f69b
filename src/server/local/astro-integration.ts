import type { AstroIntegration } from 'astro';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorJson } from '../http/respond.ts';
import { apiSecurityHeaders } from '../http/security-headers.ts';
import { httpMessages } from '../http/errors.ts';
import { aliasTarget, rewriteTarget } from '../routing/aliases.ts';
import { isPreviewContext } from '../deploy-context.ts';
import { removeIslandStyles, writeBuildContext, writeNetlifyFiles } from './build-files.ts';
import { isApiPath, matchRoute, routesOf, type FunctionModule } from './function-routes.ts';
import { functionFiles } from './functions-loader.ts';
import { clientIp, sendFetchResponse, toFetchRequest } from './node-bridge.ts';

/**
 * Local Netlify parity inside Astro:
 * - `astro dev`: serves the functions in-process through Vite's SSR loader (hot reload; a
 *   function with `preferStatic` is left to Astro's own files and 404 page),
 *   answers the path aliases with their redirects, the token pages with their rewrites and
 *   unknown API paths with a JSON 404;
 * - `astro build`: writes dist/_headers and dist/_redirects, and records Netlify's deploy
 *   context and the deploy's own address of the build for the functions (docs/decisions/0026, 0041).
 */
export function netlifyLocal(): AstroIntegration {
  let rootDir = process.cwd();
  return {
    name: 'netlify-local',
    hooks: {
      'astro:config:done': ({ config }) => {
        rootDir = fileURLToPath(config.root);
      },
      'astro:server:setup': ({ server }) => {
        const functionsDir = resolve('netlify/functions');
        server.middlewares.use((req, res, next) => {
          const url = new URL(req.url ?? '/', 'http://127.0.0.1');
          const handle = async () => {
            // Re-read per request: new or edited functions appear without a restart.
            for (const file of await functionFiles(functionsDir)) {
              const module = (await server.ssrLoadModule(file)) as FunctionModule;
              // A preferStatic function (the /_astro/ 404) answers only where no file is. Here the
              // files are Astro's and Vite's own, known only by letting them answer: such a function
              // is left out, so their assets and 404 page answer (the dev server sends no _headers).
              const routes = routesOf(module, file).filter((route) => !route.preferStatic);
              const match = matchRoute(routes, url.pathname);
              if (!match) continue;
              const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
              const response = await module.default(toFetchRequest(req, origin), {
                ip: clientIp(req),
                params: match.params,
              });
              await sendFetchResponse(res, response);
              return;
            }
            if (isApiPath(url.pathname)) {
              await sendFetchResponse(res, errorJson(404, httpMessages.notFound, undefined, { ...apiSecurityHeaders }));
              return;
            }
            const target = aliasTarget(url.pathname);
            if (target) {
              res.statusCode = 301;
              res.setHeader('Location', target + url.search);
              res.end();
              return;
            }
            const page = rewriteTarget(url.pathname);
            if (page) req.url = page + url.search;
            next();
          };
          handle().catch(next);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        // Netlify sets CONTEXT ('production', 'deploy-preview', 'branch-deploy', ...) and
        // DEPLOY_PRIME_URL (this deploy's own address) for builds only.
        const deployContext = process.env.CONTEXT || undefined;
        const primeUrl = process.env.DEPLOY_PRIME_URL || undefined;
        const islandPages = await removeIslandStyles(fileURLToPath(dir));
        logger.info(`Inselstil aus ${islandPages} Seiten in das Stylesheet verlegt (kein <style> im body).`);
        const { scriptHashes } = await writeNetlifyFiles(fileURLToPath(dir), { deployContext });
        logger.info(`_headers und _redirects geschrieben (${scriptHashes} Inline-Skript-Hashes in der CSP).`);
        await writeBuildContext(rootDir, { context: deployContext, origin: primeUrl });
        logger.info(
          `Deploy-Kontext des Builds: ${deployContext ?? 'keiner (Build außerhalb von Netlify)'}` +
            (isPreviewContext(deployContext) ? ` – Vorschau unter ${primeUrl ?? '?'}: noindex, eigene Datenbank, Mails nur ins Protokoll.` : '.'),
        );
        // The functions of such a preview answer every call with an error (env.ts): no link of theirs could lead back to it.
        if (isPreviewContext(deployContext) && !primeUrl) logger.warn('DEPLOY_PRIME_URL fehlt: die Funktionen dieser Vorschau beantworten jeden Aufruf mit einem Fehler.');
      },
    },
  };
}
