import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, islandsReady, test } from './fixtures.ts';
import { E2E_GOOGLE_USER } from './support/google-user.ts';

// Google sign-in against the local OpenID provider that playwright.config.ts starts beside the site.

/** Signed in means: a session cookie the page's script cannot read, and the server knows the user. */
async function expectSignedIn(page: Page) {
  const session = (await page.context().cookies()).find((c) => c.name === 'session');
  expect(session?.httpOnly).toBe(true);
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ displayName: E2E_GOOGLE_USER.name, userType: 'customer' });
}

test('the login dialog offers Google when it is configured', async ({ page }) => {
  const providers = await page.request.get('/api/auth/providers');
  expect(await providers.json()).toEqual({ google: true });
});

test('signing in with Google from the login dialog returns to the page with the greeting', async ({ page }) => {
  // Needs the login dialog with the link 'Mit Google anmelden' and the session check on load.
  await page.goto('/');
  await islandsReady(page);
  await page.getByRole('button', { name: 'Login / Registrieren' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Mit Google anmelden' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await islandsReady(page);
  await expect(page.getByText(`Willkommen, ${E2E_GOOGLE_USER.name}! (customer)`)).toBeVisible();
  await expectSignedIn(page);
});

test('the whole flow through the provider lands on the page the sign-in started from', async ({ page }) => {
  await page.goto('/api/auth/google?returnTo=/login-test');
  await page.waitForURL((url) => url.pathname === '/login-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Login-Test' })).toBeVisible();
  await expectSignedIn(page);
  // The flow cookie is gone once its callback ran.
  expect((await page.context().cookies()).some((c) => c.name === 'google_sign_in')).toBe(false);
});

test.describe('a failed sign-in', () => {
  test.use({ allowConsoleErrors: [/status of 400/] });

  test('explains itself on an accessible page without script and links back home', async ({ page }) => {
    const response = await page.goto('/auth/google/callback?code=gestohlen&state=geraten');
    expect(response?.status()).toBe(400);
    await expect(page).toHaveTitle('Anmeldung mit Google fehlgeschlagen');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmeldung mit Google fehlgeschlagen');
    await expect(page.getByText('Die Anmeldung ist abgelaufen oder wurde bereits abgeschlossen.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
