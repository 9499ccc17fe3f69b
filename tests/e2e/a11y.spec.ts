import { expect, expectNoAxeViolations, test } from './fixtures.ts';



for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    // The 404 page's own status shows up as a console error.
    test.use({ colorScheme, allowConsoleErrors: [/status of 404/] });

    test('the start page with the cookie banner has no axe violations', async ({ page }) => {
      // The longest page, scanned while the contact form's proof of work runs in the background.
      test.slow();
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Hinweis zu Cookies' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the 404 page has no axe violations', async ({ page }) => {
      await page.goto('/gibt-es-nicht');
      await expectNoAxeViolations(page);
    });

    test('the open mobile menu has no axe violations', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/');
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await expectNoAxeViolations(page);
    });
  });
}
