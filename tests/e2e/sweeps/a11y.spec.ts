import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, islandsReady, test, WCAG_TAGS } from '../fixtures.ts';
import { dialogOf, dialogs } from './dialogs.ts';
import { expectTheme, routes, specRoutes, templateRoutes, themes, visit } from './site.ts';

/**
 * axe (WCAG 2.1 A/AA) over every built page (one of each page file: a domain page stands for
 * all eleven), the 404 page, every dialog, the open mobile menu and the open 'Produkte' menu, in
 * the light and the dark theme: zero violations.
 */

test('every route of SPEC §2 is built and swept', () => {
  expect(routes.filter((route) => specRoutes.includes(route)).sort()).toEqual([...specRoutes].sort());
});

/** The page as it is, with a dialog open: the scan of fixtures.ts scrolls, which an open modal forbids. */
async function expectNoViolationsNow(page: Page) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const theme of themes) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });
    // Axe on long pages of a busy shared machine: room for slowness, no speed asserted.
    test.describe.configure({ timeout: 90_000 });

    for (const route of templateRoutes) {
      test(`${route} has no axe violations`, async ({ page }) => {
        await visit(page, route);
        await expectTheme(page, theme);
        await expectNoAxeViolations(page);
      });
    }

    test.describe('with motion', () => {
      // The sweep browses with reduced motion (playwright.config.ts); the page that moves most is
      // scanned as it moves too: typewriter, counters, slider and the fade-ins once scrolled.
      test.use({ reducedMotion: 'no-preference' });
      test('the moving landing page has no axe violations', async ({ page }) => {
        await visit(page, '/');
        await islandsReady(page);
        await expectTheme(page, theme);
        await expect(page.locator('html')).toHaveClass(/reveal-ready/);
        // Scanned where it ends, with the slider held and every fade-in finished (the caret blinks
        // forever): a scan in the middle of a fade would judge a colour nobody reads.
        const slider = page.getByRole('region', { name: 'Stimmen unserer Hosting-Kunden' });
        await slider.scrollIntoViewIfNeeded();
        await slider.getByRole('button', { name: 'Automatisches Weiterblättern anhalten' }).click();
        await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
        await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity).length)).toBe(0);
        await expectNoViolationsNow(page);
      });
    });

    test.describe('404', () => {
      // The page's own status shows up as a console error.
      test.use({ allowConsoleErrors: [/status of 404/] });
      test('the 404 page has no axe violations', async ({ page }) => {
        expect((await page.goto('/gibt-es-nicht'))?.status()).toBe(404);
        await expectTheme(page, theme);
        await expectNoAxeViolations(page);
      });
    });

    for (const [name, dialog] of Object.entries(dialogs)) {
      test(`the ${name} dialog has no axe violations`, async ({ page }) => {
        await page.goto(dialog.path);
        await islandsReady(page);
        await dialog.prepare?.(page);
        await dialog.opener(page).click();
        await expect(dialogOf(page, dialog)).toBeVisible();
        await expectTheme(page, theme);
        await expectNoViolationsNow(page);
      });
    }

    test('the open mobile menu has no axe violations', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/');
      await islandsReady(page);
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile Navigation' })).toBeVisible();
      await expectNoViolationsNow(page);
    });

    test("the open 'Produkte' menu has no axe violations", async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/');
      await islandsReady(page);
      await page.getByRole('button', { name: 'Produkte' }).click();
      await expect(page.locator('#products-menu')).toBeVisible();
      await expectNoViolationsNow(page);
    });
  });
}
