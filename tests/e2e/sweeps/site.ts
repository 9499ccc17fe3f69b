import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { builtPages, onePerTemplate } from '../../../scripts/quality/page-javascript.ts';
import { expect, islandsReady } from '../fixtures.ts';

/**
 * What the sweeps go over, read from the build so that a new page is swept without an edit:
 * every HTML page in dist/. The route table of SPEC §2 must be among them.
 */
export const distDir = join(import.meta.dirname, '..', '..', '..', 'dist');

/** The public path of every built page, read once when the spec files load. */
export const routes: string[] = await builtPages(distDir).then((pages) => pages.map((p) => p.route));

/** One page of each page file (a domain page stands for all eleven): for the sweeps that judge a template. */
export const templateRoutes: string[] = onePerTemplate(routes.map((route) => ({ route }))).map(({ route }) => route);

/** The canonical paths of SPEC §2's route table (aliases: src/server/routing/aliases.ts). */
export const specRoutes = [
  '/',
  '/ueber-uns',
  '/cv',
  '/zeiterfassung',
  '/auftragskonfigurator',
  '/webapp',
  '/inquiry',
  '/online-portale',
  '/demo-anfordern',
  '/agb',
  '/preisliste',
  '/online-widerrufsformular',
  '/widerrufsformular',
  '/vertraege-kuendigen',
  '/av-vertrag',
  '/impressum',
  '/datenschutz',
  '/ansprechpartner',
  '/domains',
  ...['at', 'biz', 'ch', 'click', 'com', 'de', 'eu', 'info', 'link', 'net', 'org'].map((tld) => `/domains/${tld}`),
  '/login-test',
  '/fallbeispiele',
  '/produktkatalog',
  '/checkout',
  '/documentation',
  '/chat',
  '/reset-password',
  '/agent/dashboard',
  '/settings',
];

/** Pages only an agent sees: swept logged in as the demo agent of the local start. */
export const agentRoutes = new Set(['/agent/dashboard']);

export async function logInAsDemoAgent(page: Page): Promise<void> {
  const agent = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, 'demo-agent.json'), 'utf8')) as { email: string; password: string };
  await page.goto('/');
  await islandsReady(page);
  await page.getByRole('button', { name: 'Login / Registrieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Willkommen zurück' });
  await dialog.getByLabel('E-Mail').fill(agent.email);
  await dialog.getByLabel('Passwort', { exact: true }).fill(agent.password);
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Willkommen, Demo-Agent! (agent)')).toBeVisible();
}

/** Opens a route the way a visitor of that page would arrive (agents logged in). */
export async function visit(page: Page, route: string): Promise<void> {
  if (agentRoutes.has(route)) await logInAsDemoAgent(page);
  const response = await page.goto(route);
  expect(response?.status(), `Status von ${route}`).toBe(200);
}

/**
 * Waits until every island of the page hydrated: the idle ones by themselves, each visible one
 * after scrolling it into view (an island is `display: contents`, so its first child is scrolled).
 * Ends at the top of the page.
 */
export async function hydrateAll(page: Page): Promise<void> {
  await islandsReady(page);
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const pending = document.querySelector('astro-island[ssr]');
          (pending?.firstElementChild ?? pending)?.scrollIntoView();
          return pending === null;
        }),
      { message: 'jede Insel hydriert', timeout: 45_000 },
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}

export const themes = ['light', 'dark'] as const;

/** The theme follows the system preference while nothing is stored (public/shell-init.js). */
export async function expectTheme(page: Page, theme: (typeof themes)[number]): Promise<void> {
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?![\s\S]*\bdark\b)/);
}
