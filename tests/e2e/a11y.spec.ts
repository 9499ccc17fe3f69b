import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoViolations(page: Page) {
  // Let islands hydrate and the footer links (hydrated when visible) load before scanning.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    // The 404 page's own status shows up as a console error.
    test.use({ colorScheme, allowConsoleErrors: [/status of 404/] });

    test('the start page with the cookie banner has no axe violations', async ({ page }) => {
      // The longest page, scanned while the contact form's proof of work runs in the background.
      test.slow();
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Hinweis zu Cookies' })).toBeVisible();
      await expectNoViolations(page);
    });

    test('the 404 page has no axe violations', async ({ page }) => {
      await page.goto('/gibt-es-nicht');
      await expectNoViolations(page);
    });

    test('the open mobile menu has no axe violations', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/');
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await expectNoViolations(page);
    });
  });
}
