import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * Every page test fails on a console error or an uncaught exception: CSP violations, failed
 * hydration and broken scripts all surface there. Tests that provoke an error on purpose
 * (e.g. a failing request) declare it with `allowConsoleErrors`.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[]; consoleGuard: void }>({
  allowConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        // Chromium logs every non-2xx response; the session check of a browser whose session
        // ended (its signed_in hint still there) answers 401 by design (SPEC §7, decision 0035).
        if (/status of 401/.test(text) && new URL(message.location().url).pathname === '/api/auth/me') return;
        if (!allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      expect(errors, 'Konsolenfehler auf der Seite').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until the page shell runs and every island that hydrates without being scrolled to
 * (client:load, client:idle, client:only) is interactive: Astro removes `ssr` once an island has
 * hydrated. Typing into an island before that lands in markup React then keeps as it is.
 */
export async function islandsReady(page: Page): Promise<void> {
  // The page shell runs once public/shell-init.js's queue of early clicks was handed over to it.
  await page.waitForFunction(
    () => document.readyState !== 'loading' && (window as { shellEarlyClicks?: unknown }).shellEarlyClicks === undefined && document.querySelectorAll('astro-island[ssr]:not([client="visible"])').length === 0,
  );
}

/**
 * The page's layout shifts since its navigation (the Lighthouse metric, without shifts right after
 * input), summed over `settleMs` more of its life.
 */
export function layoutShiftTotal(page: Page, settleMs: number): Promise<number> {
  return page.evaluate(
    (ms) =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), ms);
      }),
    settleMs,
  );
}

/**
 * Scrolls a part of a client:visible island into view and waits until the island has hydrated:
 * before that, a click lands on the prebuilt markup and does nothing.
 */
export async function scrollToIsland(page: Page, inner: Locator): Promise<void> {
  await inner.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island', { has: inner })).not.toHaveAttribute('ssr');
}

/** The rendered sRGB channels of a CSS colour (Tailwind 4 reports oklch()). */
export async function rgbOf(page: Page, cssColor: string): Promise<[number, number, number]> {
  return page.evaluate((color) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = color;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!] as [number, number, number];
  }, cssColor);
}

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The axe scan every page spec uses (WCAG 2.1 A/AA): after the idle islands hydrated and the
 * footer links (hydrated when visible) loaded, from the top of the page.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await islandsReady(page);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
