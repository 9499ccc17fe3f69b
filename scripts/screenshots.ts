/**
 * `npm run screenshots` (after `npm run build`): every built page as a full-page picture at desktop
 * (1440×900) and phone (390×844) width, in the light and the dark theme, so a reviewer looks at the
 * whole site in minutes (issue 36). The pictures land outside git: in SCREENSHOTS_DIR, by default
 * `screenshots/` (ignored). The pages run against scripts/serve.ts on a private port with a fresh
 * database, in Debian's Chromium (CHROMIUM_PATH), with the cookie notice closed so it covers nothing.
 * SCREENSHOT_PAGES (comma-separated paths, e.g. `/,/webapp`) restricts the run to those pages.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { COOKIE_NOTICE_KEY } from '../src/lib/cookie-notice.ts';
import { startBuiltSite } from './quality/built-site.ts';
import { builtPages } from './quality/page-javascript.ts';

const viewports = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const themes = ['light', 'dark'] as const;

const port = Number(process.env.SCREENSHOTS_PORT ?? 4545);
const outDir = resolve(process.env.SCREENSHOTS_DIR ?? 'screenshots');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(join('dist', 'index.html'))) throw new Error('Kein Build gefunden: bitte zuerst `npm run build` ausführen.');
if (!existsSync(chromePath)) throw new Error(`Kein Chromium unter ${chromePath} (apt-get install chromium oder CHROMIUM_PATH setzen)`);

const wanted = process.env.SCREENSHOT_PAGES?.split(',').map((p) => p.trim()).filter(Boolean);
const routes = (await builtPages('dist')).map((p) => p.route).filter((route) => !wanted || wanted.includes(route));

/** `/` → `start`, `/domains/de` → `domains-de`. */
const fileName = (route: string) => (route === '/' ? 'start' : route.slice(1).replaceAll('/', '-'));

const { origin, stop } = await startBuiltSite(port);
let browser: Browser | undefined;
try {
  browser = await chromium.launch({ executablePath: chromePath });
  mkdirSync(outDir, { recursive: true });
  for (const theme of themes) {
    for (const [name, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport, colorScheme: theme, reducedMotion: 'reduce', locale: 'de-DE' });
      // Theme and closed cookie notice as a returning visitor has them (public/shell-init.js reads both).
      await context.addInitScript(
        ({ chosen, noticeKey }) => {
          localStorage.setItem('theme', chosen);
          localStorage.setItem(noticeKey, 'closed');
        },
        { chosen: theme, noticeKey: COOKIE_NOTICE_KEY },
      );
      const page = await context.newPage();
      for (const route of routes) {
        await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
        const file = join(outDir, `${fileName(route)}.${name}.${theme}.png`);
        await page.screenshot({ path: file, fullPage: true });
      }
      await context.close();
      console.log(`${routes.length} Seiten · ${name} · ${theme}`);
    }
  }
  console.log(`Bilder in ${outDir}`);
} finally {
  await browser?.close();
  stop();
}
