import type { AstroIntegration } from 'astro';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileContent, PRICE_SOURCE_DIR } from './compile.ts';

/**
 * Compiles the price source, the AGB version and the legal texts of the contract confirmation
 * (./compile.ts) before Astro does anything else (build, dev, check, sync), so a broken price
 * entry or a legal text the PDF cannot print stops the build with its file; in `astro dev` an
 * edited file is compiled again and the pages reload with the new price.
 */
export function compiledContent(): AstroIntegration {
  let root = process.cwd();
  // The origin the pages are built for (astro.config.mjs); the Widerrufsbelehrung names it.
  let site: string | undefined;
  return {
    name: 'compiled-content',
    hooks: {
      'astro:config:setup': ({ config, logger }) => {
        root = fileURLToPath(config.root);
        site = config.site;
        compileContent(root, site);
        logger.info(`Preisquelle (${PRICE_SOURCE_DIR}), AGB-Fassung und Rechtstexte der Vertragsbestätigung übersetzt.`);
      },
      'astro:server:setup': ({ server, logger }) => {
        const dirs = [join(root, PRICE_SOURCE_DIR), join(root, 'src/content/legal')];
        server.watcher.add(dirs);
        server.watcher.on('all', (_event, path) => {
          if (!dirs.some((dir) => path.startsWith(dir))) return;
          try {
            compileContent(root, site);
          } catch (error) {
            // Keep the dev server running: the editor sees what to fix and saves again.
            logger.error((error as Error).message);
          }
        });
      },
    },
  };
}
